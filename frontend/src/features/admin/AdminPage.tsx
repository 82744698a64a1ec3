import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Result, Table, Tabs, Tag, Typography } from 'antd';
import { registrationsQuery } from '../../api/queries';
import type { User } from '../../api/types';
import { ResultHeading } from '../layout/ResultHeading';
import { ComplianceReviews } from './ComplianceReviews';
import { TokenizationReviews } from './TokenizationReviews';

/**
 * /admin. The spec's client lets any signed-in user open it; the server refuses every /api/admin call to
 * a non-admin, so a non-admin is told plainly that they have no access rather than shown empty tables.
 */
export function AdminPage({ user }: { user: User }) {
  const admin = user.roles.includes('admin');
  if (!admin && !user.roles.includes('compliance')) {
    return <Result status="403" title={<ResultHeading>No Access</ResultHeading>} subTitle="The admin area is for Kauri administrators and compliance staff only." />;
  }
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Admin
      </Typography.Title>
      <Tabs
        items={[
          ...(admin ? [{ key: 'reviews', label: 'Tokenization Reviews', children: <TokenizationReviews /> }] : []),
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
        rowKey="_id"
        loading={isPending}
        dataSource={data?.registrations ?? []}
        scroll={{ x: true }}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: 'No.', dataIndex: 'number', width: 70 },
          { title: 'Name', render: (_, r) => `${r.firstName} ${r.lastName}` },
          { title: 'Email', dataIndex: 'email' },
          { title: 'Country', dataIndex: 'country' },
          { title: 'Investment', dataIndex: 'investmentAmount' },
          { title: 'Fee', render: (_, r) => (r.feeWaived ? <Tag color="green">Waived</Tag> : <Tag>Standard</Tag>) },
          { title: 'Registered', dataIndex: 'registeredAt', render: (at: string) => new Date(at).toLocaleDateString('en-NZ') },
        ]}
      />
    </Card>
  );
}
