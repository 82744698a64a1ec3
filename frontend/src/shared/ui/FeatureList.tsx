import { CheckOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A plan's or a section's features, each with a check mark. A plain list rather than antd's List, which
 * brings pagination and a page-size Select into the landing page's first load.
 */
export function FeatureList({ items, header }: { items: readonly string[]; header?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div>
      {header}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={item} style={{ paddingBlock: token.paddingXXS }}>
            <Flex gap={8} align="baseline">
              <CheckOutlined style={{ color: token.colorSuccess }} />
              {item}
            </Flex>
          </li>
        ))}
      </ul>
    </div>
  );
}
