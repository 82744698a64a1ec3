import { theme } from 'antd';
import type { ReactNode } from 'react';
import { headerHeight } from '../../theme';

/**
 * The bar at the top of every page (signed in or not). A plain <header> rather than antd's Layout.Header:
 * importing Layout brings its Sider (styles, icons, breakpoints) into every first load, and no page has a sider.
 */
export function HeaderBar({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <header
      style={{
        height: headerHeight,
        padding: '0 16px',
        lineHeight: `${headerHeight}px`,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        flex: '0 0 auto',
      }}
    >
      {children}
    </header>
  );
}
