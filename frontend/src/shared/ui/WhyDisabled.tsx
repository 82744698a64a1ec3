import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

/**
 * A control that may be disabled, with the reason shown on hover and focus while it is. A disabled button
 * takes no pointer events, so the tooltip hangs on a wrapper that does (and that keyboard users can reach).
 */
export function WhyDisabled({
  reason,
  children,
  block,
}: {
  reason: string | null;
  children: ReactNode;
  block?: boolean;
}) {
  if (!reason) return children;
  return (
    <Tooltip title={reason}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the only way to reach a disabled control's reason by keyboard */}
      <span tabIndex={0} style={{ display: block ? 'block' : 'inline-block', cursor: 'not-allowed' }}>
        {children}
      </span>
    </Tooltip>
  );
}
