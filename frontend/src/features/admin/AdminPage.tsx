import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Card, Col, Flex, Grid, Result, Row, Select, Statistic, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import {
  adminCountersQuery,
  complianceReviewsQuery,
  pendingInvestmentsQuery,
  registrationsQuery,
  reviewQueueQuery,
  supplyChangesQuery,
} from '../../api/queries';
import type { User } from '../../api/types';
import { formatDate } from '../../shared/format';
import { appPath } from '../../shared/appPath';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { ResultHeading } from '../../shared/ui/ResultHeading';
import { ComplianceReviews } from './ComplianceReviews';
import { FreezesAdmin } from './FreezesAdmin';
import { SupplyChangesAdmin } from './SupplyChangesAdmin';
import { TokenizationReviews } from './TokenizationReviews';
import { TokenOfferingsAdmin } from './TokenOfferingsAdmin';
import { WholesaleVerifications } from './WholesaleVerifications';
import { ScrollTable } from '../../shared/ui/ScrollTable';

/**
 * /admin. The spec's client lets any signed-in user open it; the server refuses every /api/admin call to
 * a non-admin, so a non-admin is told plainly that they have no access rather than shown empty tables.
 */
export function AdminPage({ user }: { user: User }) {
  const admin = user.roles.includes('admin');
  const waiting = useWaitingCounts(admin);
  const narrow = !Grid.useBreakpoint().md;
  const [section, setSection] = useState<string | undefined>(undefined);
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
      {admin && (
        // Pages of their own: the tabs below fill 1280 px already (one more and antd hides some behind "more").
        <Flex gap={8} wrap>
          <ButtonLink to={appPath('/admin/distributions')}>Distributions to holders</ButtonLink>
          <ButtonLink to={appPath('/admin/wallet-recoveries')}>Wallet recoveries</ButtonLink>
        </Flex>
      )}
      <Sections
        narrow={narrow}
        active={section}
        onChange={setSection}
        items={[
          ...(admin
            ? [
                {
                  key: 'wholesale',
                  label: <TabLabel title="Wholesale Verifications" waiting={waiting.verifications} />,
                  children: <WholesaleVerifications />,
                },
                {
                  key: 'offerings',
                  label: <TabLabel title="Token Offerings" waiting={waiting.investments} />,
                  children: <TokenOfferingsAdmin />,
                },
                {
                  key: 'reviews',
                  label: <TabLabel title="Tokenization Reviews" waiting={waiting.tokenizations} />,
                  children: <TokenizationReviews />,
                },
                {
                  key: 'supply',
                  label: <TabLabel title="Supply Changes" waiting={waiting.supplyChanges} />,
                  children: <SupplyChangesAdmin />,
                },
                { key: 'freezes', label: 'Freezes', children: <FreezesAdmin /> },
              ]
            : []),
          {
            key: 'compliance',
            label: <TabLabel title="Compliance Reviews" waiting={waiting.complianceReviews} />,
            children: <ComplianceReviews />,
          },
          ...(admin ? [{ key: 'registrations', label: 'Registrations of Interest', children: <Registrations /> }] : []),
        ]}
      />
    </Flex>
  );
}

interface Section {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/**
 * The admin's sections: tabs, or on a phone a picker. Six tabs do not fit 375 px, and antd then puts a "more"
 * button inside the tab list, which ARIA does not allow there (axe-core: aria-required-children).
 */
function Sections(props: { narrow: boolean; active?: string; onChange(key: string): void; items: Section[] }) {
  const { narrow, items, onChange } = props;
  const active = props.active ?? items[0]?.key;
  if (!narrow) return <Tabs activeKey={active} onChange={onChange} items={items} />;
  return (
    <Flex vertical gap={16}>
      <Select
        aria-label="Admin section"
        value={active}
        onChange={onChange}
        options={items.map((item) => ({ value: item.key, label: item.label }))}
      />
      {items.find((item) => item.key === active)?.children}
    </Flex>
  );
}

/**
 * How many items wait for a decision under each tab, so a waiting tokenization, supply change or compliance
 * review is seen without opening every tab. The same reads the tabs show (cached for them), so a badge and its
 * tab's list never disagree.
 */
function useWaitingCounts(admin: boolean) {
  const counters = useQuery({ ...adminCountersQuery, enabled: admin });
  const investments = useQuery({ ...pendingInvestmentsQuery, enabled: admin });
  const tokenizations = useQuery({ ...reviewQueueQuery, enabled: admin });
  const supply = useQuery({ ...supplyChangesQuery, enabled: admin });
  const compliance = useQuery(complianceReviewsQuery);
  return {
    verifications: counters.data?.pending,
    investments: investments.data?.investments.length,
    tokenizations: tokenizations.data?.length,
    supplyChanges: supply.data?.supplyChanges.length,
    complianceReviews: compliance.data?.filter((r) => r.openRequest !== null).length,
  };
}

/** A tab's title with the number waiting under it (nothing while none wait or before it is known). */
function TabLabel({ title, waiting }: { title: string; waiting: number | undefined }): ReactNode {
  if (!waiting) return title;
  return (
    <Flex align="center" gap={8}>
      {title}
      <Badge count={waiting} overflowCount={99} title={`${waiting} waiting`} aria-label={`${waiting} waiting`} />
    </Flex>
  );
}

function Registrations() {
  const { data, error, isPending } = useQuery(registrationsQuery);
  if (error) return <Alert type="error" title="Failed to load registrations." />;
  return (
    <Card>
      <ScrollTable
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

/** The four counters (docs/specification.md §2), from the admin-counters read model. */
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
