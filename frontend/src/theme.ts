import type { ThemeConfig } from 'antd';

/** Deep kauri-forest green: calm and trustworthy, the brand colour of every primary action. */
const kauriGreen = '#1d5c3a';
const kauriGreenHover = '#2b7a50';

/** Height of the page header; toasts open just below it. */
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
    colorWarning: '#b7791f',
    colorError: '#c0392b',
    colorBgLayout: '#f4f6f3',
    colorTextBase: '#1f2a24',
    borderRadius: 8,
    fontSize: 15,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    // Every page has one h1, its title: set at the size of antd's h2, so a page title is not a banner.
    Typography: { fontSizeHeading1: 30, lineHeightHeading1: 1.27 },
  },
};
