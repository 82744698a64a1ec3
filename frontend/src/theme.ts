import type { ThemeConfig } from 'antd';

/** Deep kauri-forest green: calm and trustworthy, the brand colour of every primary action. */
const kauriGreen = '#1d5c3a';
const kauriGreenHover = '#2b7a50';

function darkerShade<C extends 'green' | 'gold' | 'orange' | 'cyan'>(color: C, shade: string) {
  return { [`${color}7`]: shade, [`${color}-7`]: shade } as Record<`${C}7` | `${C}-7`, string>;
}

/** Height of the page header. */
export const headerHeight = 64;

/**
 * antd derives light tints (backgrounds, borders, hovers) from each seed colour, but its palette
 * algorithm turns dark greens and blues into grey. Those tints are therefore set by hand.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: kauriGreen,
    colorPrimaryHover: kauriGreenHover,
    colorPrimaryActive: '#154a2e',
    colorPrimaryBg: '#e7f2eb',
    colorPrimaryBgHover: '#d0e6d8',
    colorPrimaryBorder: '#a8cdb6',
    colorPrimaryBorderHover: '#7fb593',
    colorLink: kauriGreen,
    colorLinkHover: kauriGreenHover,
    colorSuccess: '#2e7d4f',
    colorSuccessBg: '#edf7f0',
    colorSuccessBorder: '#b7dcc3',
    colorInfo: '#2f6f8f',
    colorInfoBg: '#eef5f8',
    colorInfoBorder: '#b9d3de',
    // Dark enough for text: a warning's words (Typography, tags) read at 4.5:1 on white and on its own tint.
    colorWarning: '#8a5a12',
    // Its tints by hand too: derived from that dark seed, an alert's background came out a dark beige.
    colorWarningBg: '#fdf6e6',
    colorWarningBgHover: '#f9ebcb',
    colorWarningBorder: '#ecd39c',
    colorWarningBorderHover: '#e0bd73',
    colorError: '#c0392b',
    colorBgLayout: '#f4f6f3',
    colorTextBase: '#1f2a24',
    // antd's greys are the base colour at 65/45/25% opacity: the lighter two read at 2.6:1 on the page background,
    // below WCAG AA's 4.5:1 for body text (axe-core found them on most signed-in pages). Solid greys at 4.5:1 or more
    // on white and on colorBgLayout, still lighter than the text they stand beside.
    colorTextSecondary: '#4b5650',
    colorTextTertiary: '#5f6a64',
    colorTextDescription: '#5f6a64',
    colorTextPlaceholder: '#6a736e',
    // Tags in preset colours write in the palette's 7th shade on its 1st: green, gold, orange and cyan fall below
    // 4.5:1 there, so their text takes a darker shade of the same hue (antd names each shade twice; its CSS variables
    // come from the dashed name).
    ...darkerShade('green', '#237804'),
    ...darkerShade('gold', '#874d00'),
    ...darkerShade('orange', '#ad4e00'),
    ...darkerShade('cyan', '#006d75'),
    borderRadius: 8,
    fontSize: 15,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    // Every page has one h1, its title: set at the size of antd's h2, so a page title is not a banner.
    Typography: { fontSizeHeading1: 30, lineHeightHeading1: 1.27 },
    // An empty table says so in its disabled grey (1.6:1 on white): its words are read, so tertiary grey. (A List
    // ignores this override: its empty text is an element of its own, shared/ui/emptyText.)
    Table: { colorTextDisabled: '#5f6a64' },
  },
};
