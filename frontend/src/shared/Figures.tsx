import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';

/**
 * Key figures as cards. A page's (`regular`): two to a row from a small tablet up, four on a wide screen, one to a row
 * on a phone (long values stay whole). A calculator's result (`compact`): small cards, two to a row on a phone and
 * four from a tablet up, so a whole result fits beside its form.
 */
export function Figures({
  items,
  density = 'regular',
}: {
  items: { title: string; value: ReactNode }[];
  density?: 'regular' | 'compact';
}) {
  const compact = density === 'compact';
  return (
    <Row gutter={compact ? [12, 12] : [16, 16]}>
      {items.map((item) => (
        <Col key={item.title} {...(compact ? { xs: 12, md: 6 } : { xs: 24, sm: 12, lg: 6 })}>
          <Card size={compact ? 'small' : undefined} style={compact ? undefined : { height: '100%' }}>
            <Statistic title={item.title} value={item.value as string} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
