import { Alert, Card, Col, Flex, List, Row, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import type { Cost, Risk } from '../../api/types';
import { formatMoney, riskColor } from '../format';

const CostBreakdownChart = lazy(() => import('./Charts').then((m) => ({ default: m.CostBreakdownChart })));

export function Costs({ costs, total, currency }: { costs: Cost[]; total: number; currency: string }) {
  return (
    <Card size="small" title="Tokenization Costs">
      <Row gutter={16} align="middle">
        <Col xs={24} md={12}>
          <List
            size="small"
            dataSource={costs}
            renderItem={(cost) => (
              <List.Item extra={formatMoney(cost.amount, currency)}>
                <span>{cost.description}</span>
              </List.Item>
            )}
            footer={
              <Flex justify="space-between">
                <strong>Total</strong>
                <strong>{formatMoney(total, currency)}</strong>
              </Flex>
            }
          />
        </Col>
        <Col xs={24} md={12}>
          <Suspense fallback={null}>
            <CostBreakdownChart costs={costs} currency={currency} />
          </Suspense>
        </Col>
      </Row>
    </Card>
  );
}

export function Risks({ risks }: { risks: Risk[] }) {
  return (
    <Card size="small" title="Risk Analysis">
      <List
        size="small"
        dataSource={risks}
        renderItem={(risk) => (
          <List.Item>
            <Flex gap={8} align="baseline" wrap>
              <Tag color={riskColor(risk.level)}>{risk.level}</Tag>
              <strong>{risk.category}</strong>
              <span>{risk.description}</span>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

export function Recommendations({
  items,
  basis,
  disclaimer,
}: {
  items: string[];
  basis: string[];
  disclaimer: string;
}) {
  return (
    <>
      <Card size="small" title="Recommendations">
        <List size="small" dataSource={items} renderItem={(text) => <List.Item>{text}</List.Item>} />
      </Card>
      <Card size="small" title="How this estimate was reached">
        <List size="small" dataSource={basis} renderItem={(text) => <List.Item>{text}</List.Item>} />
      </Card>
      <Alert type="info" showIcon title={<Typography.Text>{disclaimer}</Typography.Text>} />
    </>
  );
}
