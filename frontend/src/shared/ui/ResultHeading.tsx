import type { ReactNode } from 'react';

/**
 * antd's Result (or a Card) renders its title as plain text; this makes it the page's h1, keeping that look.
 */
export function ResultHeading({ children }: { children: ReactNode }) {
  return <h1 style={{ font: 'inherit', color: 'inherit', margin: 0 }}>{children}</h1>;
}
