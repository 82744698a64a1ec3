import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Progress, Result, Row, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { holdingsQuery, offeringsQuery, wholesaleStatusQuery } from '../../api/queries';
import type { Holding, Offering } from '../../api/types';
import { formatCount, formatDate, formatPayment } from '../format';
import { ButtonLink } from '../layout/ButtonLink';
import { appPath } from '../layout/appPath';
import { PageSpinner } from '../layout/PageSpinner';
import { ResultHeading } from '../layout/ResultHeading';
import { InvestDialog } from './InvestDialog';

/** /token-offerings (spec §2, §6): wholesale investors only; holdings, then the offerings with progress. */
export function TokenOfferingsPage() {
  const status = useQuery(wholesaleStatusQuery);
  if (status.isPending) return <PageSpinner />;
  if (!status.data?.isWholesaleInvestor) {
    return (
      <Result
        status="403"
        title={<ResultHeading>Access Restricted</ResultHeading>}
        subTitle="Token offerings are open to verified wholesale investors only (FMC Act 2013, Schedule 1)."
        extra={
          <ButtonLink to={appPath('/wholesale-verification')} color="primary" variant="solid">
            Get Verified
          </ButtonLink>
        }
      />
    );
  }
  return <Offerings />;
}

function Offerings() {
  // Fetched only once the user is known to be wholesale (spec §6).
  const offerings = useQuery(offeringsQuery);
  const holdings = useQuery(holdingsQuery);
  const [investing, setInvesting] = useState<Offering | null>(null);
  return (
    <Flex vertical gap={24} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Token Offerings
      </Typography.Title>
      <Card title="My Holdings">
        <Table<Holding>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: true }}
          loading={holdings.isPending}
          dataSource={holdings.data?.holdings ?? []}
          locale={{ emptyText: 'No holdings yet' }}
          columns={[
            {
              title: 'Holding',
              dataIndex: 'id',
              render: (id: string) => <Typography.Text code>{id.slice(-8)}</Typography.Text>,
            },
            { title: 'Offering', dataIndex: 'offeringName' },
            { title: 'Tokens', dataIndex: 'tokensHeld', align: 'right', render: (n: number) => formatCount(n) },
            {
              title: 'Paid',
              dataIndex: 'purchasePrice',
              align: 'right',
              render: (p: string) => formatPayment(Number(p)),
            },
            { title: 'Date', dataIndex: 'purchaseDate', render: (d: string) => formatDate(d) },
            { title: 'Transferable from', dataIndex: 'transferableFrom', render: (d: string) => formatDate(d) },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (s: Holding['status']) => (
                <Tag color={s === 'confirmed' ? 'green' : s === 'pending' ? 'default' : 'red'}>
                  {s.charAt(0).toUpperCase() + s.slice(1)}
                </Tag>
              ),
            },
          ]}
        />
      </Card>
      {offerings.isError ? (
        <Alert type="error" showIcon title="Failed to load token offerings. Please try again later." />
      ) : offerings.isPending ? (
        <PageSpinner />
      ) : offerings.data.offerings.length === 0 ? (
        <Empty description="No Active Offerings" />
      ) : (
        <Row gutter={[16, 16]}>
          {offerings.data.offerings.map((o) => {
            const percent = Math.round((o.tokensIssued / o.totalTokens) * 1000) / 10;
            return (
              <Col key={o.id} xs={24} md={12} lg={8}>
                <Card title={o.name} aria-label={o.name} style={{ height: '100%' }}>
                  <Flex vertical gap={8}>
                    {o.description && (
                      <Typography.Paragraph ellipsis={{ rows: 3 }}>{o.description}</Typography.Paragraph>
                    )}
                    <Typography.Text>
                      {formatPayment(Number(o.tokenPrice))} per token · minimum{' '}
                      {formatPayment(Number(o.minimumInvestment))}
                    </Typography.Text>
                    <Typography.Text type="secondary">Lock-up {o.lockupPeriod} days</Typography.Text>
                    <Progress percent={percent} aria-label={`${o.name} progress`} />
                    <Typography.Text type="secondary">
                      {formatCount(o.tokensIssued)} of {formatCount(o.totalTokens)} tokens issued ·{' '}
                      {formatPayment(Number(o.fundsRaised))} raised
                    </Typography.Text>
                    <Button
                      type="primary"
                      disabled={o.tokensIssued + o.tokensReserved >= o.totalTokens}
                      onClick={() => setInvesting(o)}
                    >
                      Invest Now
                    </Button>
                  </Flex>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
      {investing && <InvestDialog offering={investing} onClose={() => setInvesting(null)} />}
    </Flex>
  );
}
