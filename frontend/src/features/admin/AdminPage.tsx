import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Flex, Result, Row, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { adminCountersQuery, registrationsQuery } from '../../api/queries';
import type { User } from '../../api/types';
import { formatDate } from '../format';
import { ResultHeading } from '../layout/ResultHeading';
import { ComplianceReviews } from './ComplianceReviews';
import { SupplyChangesAdmin } from './SupplyChangesAdmin';
import { TokenizationReviews } from './TokenizationReviews';
import { TokenOfferingsAdmin } from './TokenOfferingsAdmin';
import { WholesaleVerifications } from './WholesaleVerifications';

/**
 * /admin. The spec's client lets any signed-in user open it; the server refuses every /api/admin call to
 * a non-admin, so a non-admin is told plainly that they have no access rather than shown empty tables.
 */
export function AdminPage({ user }: { user: User }) {
  const admin = user.roles.includes('admin');
  if (!admin && !user.roles.includes('compliance')) {
    return (
      <Result
        status="403"
        title={<ResultHeading>No Access</ResultHeading>}
        subTitle="The admin area is for Kauri administrators and compliance staff only."
      />
    );
  }
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px' }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        Admin
      </Typography.Title>
      {admin && <Counters />}
      <Tabs
        items={[
          ...(admin
            ? [
                { key: 'wholesale', label: 'Wholesale Verifications', children: <WholesaleVerifications /> },
                { key: 'offerings', label: 'Token Offerings', children: <TokenOfferingsAdmin /> },
                { key: 'reviews', label: 'Tokenization Reviews', children: <TokenizationReviews /> },
                { key: 'supply', label: 'Supply Changes', children: <SupplyChangesAdmin /> },
              ]
            : []),
          { key: 'compliance', label: 'Compliance Reviews', children: <ComplianceReviews /> },
          ...(admin ? [{ key: 'registrations', label: 'Registrations of Interest', children: <Registrations /> }] : []),
        ]}
      />
    </Flex>
  );
}

function Registrations() {
  const { data, error, isPending } = useQuery(registrationsQuery);
  if (error) return <Alert type="error" title="Failed to load registrations." />;
  return (
    <Card>
      <Table
        rowKey="id"
        loading={isPending}
        dataSource={data?.registrations ?? []}
        scroll={{ x: true }}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: 'No.', dataIndex: 'number', width: 70, render: (n: number | null) => n ?? '—' },
          { title: 'Name', render: (_, r) => `${r.firstName} ${r.lastName}` },
          { title: 'Email', dataIndex: 'email' },
          { title: 'Country', dataIndex: 'country' },
          { title: 'Investment', dataIndex: 'investmentAmount' },
          {
            title: 'Fee',
            // Unconfirmed registrations hold no place yet: the fee is decided when the e-mail address is confirmed.
            render: (_, r) =>
              r.confirmedAt === null ? (
                <Tag color="orange">Unconfirmed</Tag>
              ) : r.feeWaived ? (
                <Tag color="green">Waived</Tag>
              ) : (
                <Tag>Standard</Tag>
              ),
          },
          {
            title: 'Registered',
            dataIndex: 'registeredAt',
            render: (at: string) => formatDate(at),
          },
        ]}
      />
    </Card>
  );
}

/** The four counters (spec §2), from the admin-counters read model. */
function Counters() {
  const { data, isPending } = useQuery(adminCountersQuery);
  const items = [
    { title: 'Pending Verifications', value: data?.pending },
    { title: 'Verified Investors', value: data?.verified },
    { title: 'Rejected', value: data?.rejected },
    { title: 'Active Offerings', value: data?.activeOfferings },
  ];
  return (
    <Row gutter={[16, 16]}>
      {items.map((item) => (
        <Col key={item.title} xs={12} lg={6}>
          <Card>
            <Statistic title={item.title} value={item.value ?? 0} loading={isPending} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
