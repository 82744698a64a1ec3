import { Typography, theme } from 'antd';
import type { ReactNode } from 'react';

/** A titled group of form fields; the title is a level-2 heading under the page's h1. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section>
      <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading4, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
