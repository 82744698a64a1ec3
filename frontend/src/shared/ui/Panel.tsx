import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A titled box drawn from the theme's tokens, for static content on the landing page. antd's Card (and
 * Typography's titles) carry Tabs, Menu, Dropdown and Tooltip code; the landing page's first load has no use for them.
 */
export function Panel({ title, extra, children }: { title?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        height: '100%',
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
      }}
    >
      {title && (
        <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: token.marginSM }}>
          <h3
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading4,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {title}
          </h3>
          {extra}
        </Flex>
      )}
      {children}
    </section>
  );
}
