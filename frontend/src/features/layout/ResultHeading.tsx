import type { ReactNode } from 'react';

/** antd's Result renders its title as plain text; this makes it the page's heading, keeping Result's look. */
export function ResultHeading({ children }: { children: ReactNode }) {
  return <h1 style={{ font: 'inherit', color: 'inherit', margin: 0 }}>{children}</h1>;
}
