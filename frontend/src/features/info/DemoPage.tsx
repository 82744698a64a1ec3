import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Progress, Row, Statistic, Steps, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { formatCount, formatMoney } from '../../shared/format';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { appPath } from '../../shared/appPath';
import { ScrollTable } from '../../shared/ui/ScrollTable';

const DemoChart = lazy(() => import('./DemoChart'));

/** The spec's sample data (docs/specification.md §3 "Demo asset", §9 "Demo"): the assets add up to the headline figures. */
export const demoAssets = [
  {
    name: 'Auckland Harbour Apartments',
    type: 'Property',
    value: 2_100_000,
    tokens: 2_100,
    progress: 100,
    status: 'Active',
    investors: 12,
  },
  {
    name: 'Kea Labs (Wellington SaaS)',
    type: 'Startup',
    value: 890_000,
    tokens: 890,
    progress: 65,
    status: 'Fundraising',
    investors: 8,
  },
  {
    name: 'Christchurch Retail Centre',
    type: 'Property',
    value: 1_550_000,
    tokens: 1_550,
    progress: 20,
    status: 'Planning',
    investors: 5,
  },
];

const statusColor: Record<string, string> = { Active: 'green', Fundraising: 'blue', Planning: 'default' };

/** /demo: an interactive dashboard with fixed sample data, so visitors see the product before it launches. */
export default function DemoPage() {
  return (
    <Flex vertical gap={20} style={{ maxWidth: 1100, margin: '0 auto', padding: '32px 16px' }}>
      <Flex>
        <ButtonLink to="/" icon={<ArrowLeftOutlined />}>
          Back to Home
        </ButtonLink>
      </Flex>
      <Typography.Title level={1} style={{ margin: 0 }}>
        Dashboard Demo
      </Typography.Title>
      <Typography.Text type="secondary">Sample data — explore what an asset owner sees.</Typography.Text>
      <Row gutter={[12, 12]}>
        {[
          ['Total Portfolio Value', formatMoney(4_540_000, 'NZD')],
          ['Active Tokens', formatCount(4_540)],
          ['Total Investors', '25'],
          ['Compliance Score', '95%'],
        ].map(([title, value]) => (
          <Col key={title} xs={12} md={6}>
            <Card size="small">
              <Statistic title={title} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Tabs
        items={[
          {
            key: 'assets',
            label: 'Assets',
            children: (
              <Flex vertical gap={12}>
                <ScrollTable
                  rowKey="name"
                  pagination={false}
                  scroll={{ x: true }}
                  dataSource={demoAssets}
                  columns={[
                    { title: 'Asset', dataIndex: 'name' },
                    { title: 'Type', dataIndex: 'type' },
                    { title: 'Value', dataIndex: 'value', render: (v: number) => formatMoney(v, 'NZD') },
                    { title: 'Tokens', dataIndex: 'tokens', render: (v: number) => formatCount(v) },
                    {
                      title: 'Progress',
                      dataIndex: 'progress',
                      render: (v: number, a) => (
                        <Progress
                          percent={v}
                          size="small"
                          style={{ minWidth: 100 }}
                          aria-label={`${a.name} progress`}
                        />
                      ),
                    },
                    {
                      title: 'Status',
                      dataIndex: 'status',
                      render: (s: string) => <Tag color={statusColor[s]}>{s}</Tag>,
                    },
                    { title: 'Investors', dataIndex: 'investors' },
                  ]}
                />
                <Card size="small" title="Value by asset">
                  <Suspense fallback={null}>
                    <DemoChart data={demoAssets.map((a) => ({ name: a.name, value: a.value }))} />
                  </Suspense>
                </Card>
              </Flex>
            ),
          },
          {
            key: 'compliance',
            label: 'Compliance',
            children: (
              <Steps
                direction="vertical"
                items={[
                  { title: 'KYC verification', status: 'finish', description: 'Completed' },
                  { title: 'AML/CFT checks', status: 'finish', description: 'Completed' },
                  { title: 'FMCA wholesale disclosure', status: 'process', description: 'In progress' },
                  { title: 'Annual FMA review', status: 'wait', description: 'Pending' },
                ]}
              />
            ),
          },
        ]}
      />
      <Flex gap={12} wrap>
        <ButtonLink to="/register-interest" color="primary" variant="solid" size="large">
          Register Interest - FREE
        </ButtonLink>
        <ButtonLink to={appPath('/user-guide')} size="large">
          Read the Guide
        </ButtonLink>
      </Flex>
    </Flex>
  );
}
