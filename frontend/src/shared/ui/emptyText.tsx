import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * What an empty List says, in the description grey: antd writes a List's plain empty text in its disabled grey
 * (1.6:1 on white, below WCAG AA), and a List does not take the theme's component override for it.
 */
export function emptyText(text: string): ReactNode {
  return <Typography.Text type="secondary">{text}</Typography.Text>;
}
