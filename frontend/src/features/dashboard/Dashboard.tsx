import { CheckCircleOutlined, ClockCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, Card, Col, Empty, Flex, List, Row, Statistic, Steps, Table, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { displayName } from '../../api/auth';
import { activitiesQuery, assetsQuery, dashboardStatsQuery, investorsQuery } from '../../api/queries';
import type { Asset, Investor, User } from '../../api/types';
import { AssetCard } from '../assets/AssetCard';
import { canCreateTokens } from '../billing/subscriptionRule';
import { CalculatorAnchor } from '../calculator/CalculatorAnchor';
import { formatCount, formatDate, formatMoney } from '../format';
import { ButtonLink } from '../layout/ButtonLink';
import { appPath } from '../layout/appPath';
import { PageSpinner } from '../layout/PageSpinner';
import { AddInvestor } from './AddInvestor';

const PortfolioChart = lazy(() => import('./PortfolioChart'));

/** Spec §3 "Workflow steps". */
const WORKFLOW = [
  'User Onboarding & KYC Verification',
  'Asset Valuation Upload',
  'Compliance Checklist',
  'Smart Contract Configuration',
  'Token Minting & Distribution',
];

/**
 * Where the owner's most advanced asset stands on the five workflow steps — each step judged on its own
 * from the asset's real state (the spec's screen fixed it at 3).
 */
function workflow(assets: Asset[]): ('finish' | 'process' | 'wait')[] {
  const best = [...assets].sort((a, b) => rank(b) - rank(a))[0];
  const done = [
    true,
    !!best && best.documents.length >= 2 && !!best.valuation,
    best?.status === 'active',
    !!best?.terms,
    best?.status === 'active',
  ];
  const current = done.indexOf(false);
  return done.map((d, i) => (d ? 'finish' : i === current ? 'process' : 'wait'));
}
const rank = (a: Asset) => (a.status === 'active' ? 10 : a.status === 'pending' ? 8 : a.currentStep);

const COMPLIANCE_SHIELD = [
  { name: 'FMA registration', status: 'Active' },
  { name: 'AML/CFT', status: 'Current' },
  { name: 'Privacy Act 2020', status: 'Compliant' },
  { name: 'FMCA disclosure', status: 'Due 15 Dec' },
];

/** The signed-in home (spec §2 "Dashboard"): every figure comes from the owner's read models. */
export function Dashboard({ user }: { user: User }) {
  const stats = useQuery(dashboardStatsQuery);
  const assets = useQuery(assetsQuery);
  const activities = useQuery(activitiesQuery);
  const investors = useQuery(investorsQuery);
  const allowed = canCreateTokens(user);
  const list = assets.data ?? [];

  return (
    <Flex vertical gap={24} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px' }}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={16}>
          <div>
            <Typography.Title level={2} style={{ margin: 0 }}>
              Welcome, {displayName(user)}
            </Typography.Title>
            <Typography.Text type="secondary">
              Your tokenized assets, investors and compliance at a glance.
            </Typography.Text>
          </div>
          {allowed ? (
            <ButtonLink to={appPath('/tokenize')} color="primary" variant="solid" size="large">
              Start Tokenization
            </ButtonLink>
          ) : (
            <Flex vertical gap={4} align="flex-end">
              <Button size="large" disabled>
                Upgrade to Create Tokens
              </Button>
              <Link to={appPath('/subscribe')}>Subscription required to create tokens</Link>
            </Flex>
          )}
        </Flex>
      </Card>

      <Row gutter={[16, 16]}>
        {[
          { title: 'Total Portfolio Value', value: stats.data ? formatMoney(stats.data.totalValue, 'NZD') : '—' },
          { title: 'Active Tokens', value: stats.data ? formatCount(stats.data.activeTokens) : '—' },
          { title: 'Total Investors', value: stats.data ? formatCount(stats.data.totalInvestors) : '—' },
          {
            title: 'Compliance Score',
            value: stats.data?.complianceScore != null ? `${stats.data.complianceScore}%` : '—',
          },
        ].map((s) => (
          <Col key={s.title} xs={12} lg={6}>
            <Card>
              <Statistic title={s.title} value={s.value} loading={stats.isPending} />
            </Card>
          </Col>
        ))}
      </Row>

      <Card title="Tokenization Workflow">
        <Steps
          responsive
          size="small"
          current={Math.max(0, workflow(list).indexOf('process'))}
          items={WORKFLOW.map((title, i) => ({ title, status: workflow(list)[i] }))}
          aria-label="Tokenization workflow"
        />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title="Portfolio Value" style={{ height: '100%' }}>
            {(stats.data?.valueHistory.length ?? 0) > 0 ? (
              <Suspense fallback={<PageSpinner />}>
                <PortfolioChart points={stats.data!.valueHistory} />
              </Suspense>
            ) : (
              <Empty description="Your portfolio's value appears here once you add an asset" />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Wholesale Investors" style={{ height: '100%' }}>
            <Flex vertical gap={12}>
              <Typography.Text>
                Verify as a wholesale investor (FMC Act 2013, Schedule 1) to invest in offerings.
              </Typography.Text>
              <ButtonLink to={appPath('/wholesale-verification')} color="primary" variant="solid">
                Start Verification
              </ButtonLink>
              <ButtonLink to={appPath('/token-offerings')}>Browse Offerings</ButtonLink>
            </Flex>
          </Card>
        </Col>
      </Row>

      <Card title="My Tokenized Assets" extra={<Link to={appPath('/assets')}>View all</Link>}>
        {list.length === 0 ? (
          <Empty description="No assets yet" />
        ) : (
          <Row gutter={[16, 16]}>
            {list.slice(0, 3).map((asset) => (
              <Col key={asset.id} xs={24} md={12} lg={8}>
                <AssetCard asset={asset} />
              </Col>
            ))}
          </Row>
        )}
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="Recent Activity" style={{ height: '100%' }}>
            <List
              dataSource={(activities.data ?? []).slice(0, 5)}
              locale={{ emptyText: 'No activity yet' }}
              renderItem={(a) => (
                <List.Item>
                  <List.Item.Meta title={a.description} description={`${formatDate(a.createdAt)} · ${a.type}`} />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            title={
              <Flex gap={8}>
                <SafetyCertificateOutlined />
                Compliance Shield
              </Flex>
            }
            style={{ height: '100%' }}
          >
            <List
              dataSource={COMPLIANCE_SHIELD}
              renderItem={(c) => (
                <List.Item extra={<Tag color={c.status.startsWith('Due') ? 'gold' : 'green'}>{c.status}</Tag>}>
                  <Flex gap={8}>
                    {c.status.startsWith('Due') ? <ClockCircleOutlined /> : <CheckCircleOutlined />}
                    {c.name}
                  </Flex>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>

      <Card title="Cap Table Management" extra={<AddInvestor assets={list} />}>
        <Table<Investor>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: true }}
          dataSource={(investors.data ?? []).slice(0, 5)}
          locale={{ emptyText: 'No investors yet' }}
          columns={[
            { title: 'Investor', dataIndex: 'name' },
            { title: 'Asset', dataIndex: 'assetName' },
            { title: 'Tokens Held', dataIndex: 'tokensHeld', align: 'right', render: (n: number) => formatCount(n) },
            {
              title: 'Value',
              dataIndex: 'investmentValue',
              align: 'right',
              render: (n: number) => formatMoney(n, 'NZD'),
            },
            { title: 'Owned', dataIndex: 'percentOwned', align: 'right', render: (n: number) => `${n.toFixed(2)}%` },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (s: Investor['status']) => (
                <Tag color={s === 'verified' ? 'green' : 'default'}>
                  {s === 'verified' ? 'Verified' : 'Off-platform'}
                </Tag>
              ),
            },
          ]}
        />
      </Card>

      <CalculatorAnchor />
    </Flex>
  );
}
