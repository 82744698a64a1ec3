import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A small green label, drawn like antd's green Tag from the theme tokens. The landing page uses it instead
 * of Tag, whose closable machinery would add about 7 kB (gzip) to a visitor's first load.
 */
export function Label({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <span
      style={{
        display: 'inline-block',
        padding: `0 ${token.paddingXS - 1}px`,
        fontSize: token.fontSizeSM,
        lineHeight: `${token.lineHeightSM * token.fontSizeSM}px`,
        color: token.colorSuccess,
        background: token.colorSuccessBg,
        border: `${token.lineWidth}px solid ${token.colorSuccessBorder}`,
        borderRadius: token.borderRadiusSM,
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </span>
  );
}
