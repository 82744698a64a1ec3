import { theme } from 'antd';
import type { ReactNode } from 'react';

/** The page's base text (colour, size, line height, font) from the theme tokens, for text outside antd components. */
export function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}
