import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Card, Col, Empty, Flex, List, Row, Statistic, Steps, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { displayName } from '../../api/auth';
import {
  activitiesQuery,
  assetsQuery,
  complianceQuery,
  dashboardStatsQuery,
  investmentsQuery,
  wholesaleStatusQuery,
} from '../../api/queries';
import type { ComplianceCheck, User, WholesaleStatus } from '../../api/types';
import { AssetCard } from '../../shared/objects/AssetCard';
import { CapTableManagement } from '../../shared/register/AssetRegister';
import { canCreateTokens } from '../../shared/subscriptionRule';
import { checkColors } from '../../shared/labels';
import { CalculatorAnchor } from '../../shared/calculator/CalculatorAnchor';
import { formatCount, formatDate, formatMoney } from '../../shared/format';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { appPath } from '../../shared/appPath';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { ActivityList } from './ActivityList';
import { WORKFLOW, workflow, workflowLine } from './workflow';
import { InvestorHome } from './InvestorHome';
import { TransfersCard } from '../../shared/transfers/Transfers';
import { emptyText } from '../../shared/ui/emptyText';

const PortfolioChart = lazy(() => import('./PortfolioChart'));

const shieldIcon = (status: ComplianceCheck['status']) =>
  status === 'passed' ? (
    <CheckCircleOutlined />
  ) : status === 'pending' ? (
    <ClockCircleOutlined />
  ) : (
    <CloseCircleOutlined />
  );
const shieldLabel = (c: ComplianceCheck) =>
  c.status === 'passed' && c.expiryDate
    ? `Passed · expires ${formatDate(c.expiryDate)}`
    : c.status.charAt(0).toUpperCase() + c.status.slice(1);

/**
 * The signed-in home (docs/specification.md §2 "Dashboard"). An owner's figures come from their read models; an investor —
 * anyone who has sought certification or invested — sees their own home first (InvestorHome), from the read
 * models keyed by the investor. Someone who is both sees both.
 */
export function Dashboard({ user }: { user: User }) {
  const stats = useQuery(dashboardStatsQuery);
  const assets = useQuery(assetsQuery);
  const activities = useQuery(activitiesQuery);
  const compliance = useQuery(complianceQuery);
  const wholesale = useQuery(wholesaleStatusQuery);
  const portfolio = useQuery(investmentsQuery);
  const allowed = canCreateTokens(user);
  const list = assets.data ?? [];
  const flow = workflow(list, compliance.data);
  const isInvestor =
    (!!wholesale.data && wholesale.data.verificationStatus !== 'none') || (portfolio.data?.investments.length ?? 0) > 0;
  const isOwner = !isInvestor || list.length > 0;
  const roleKnown = !wholesale.isPending && !portfolio.isPending && !assets.isPending;

  return (
    <Flex vertical gap={24} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px' }}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={16}>
          <div>
            <Typography.Title level={1} style={{ margin: 0 }}>
              Welcome, {displayName(user)}
            </Typography.Title>
            <Typography.Text type="secondary">
              {isOwner
                ? 'Your tokenized assets, investors and compliance at a glance.'
                : 'Your holdings, certification and activity at a glance.'}
            </Typography.Text>
          </div>
          {/* Creating tokens is an owner's business: an investor's home does not offer it (nor flash it while
              loading who they are). */}
          {roleKnown &&
            isOwner &&
            (allowed ? (
              <ButtonLink to={appPath('/tokenize')} color="primary" variant="solid" size="large">
                Start Tokenization
              </ButtonLink>
            ) : (
              <Flex vertical gap={4} align="flex-end">
                <ButtonLink to={appPath('/subscribe')} color="primary" variant="solid" size="large">
                  Upgrade to Create Tokens
                </ButtonLink>
                <Link to={appPath('/subscribe')}>Subscription required to create tokens</Link>
              </Flex>
            ))}
        </Flex>
      </Card>

      {isInvestor && wholesale.data && <InvestorHome status={wholesale.data} />}

      {roleKnown && <TransfersCard userId={user.id} />}

      {isOwner && ownerHome()}

      <CalculatorAnchor />
    </Flex>
  );

  /** The owner's part of the home (a plain function, not a component: it keeps its children's state). */
  function ownerHome() {
    return (
      <>
        <Row gutter={[16, 16]}>
          {[
            { title: 'Total Portfolio Value', value: stats.data ? formatMoney(stats.data.totalValue, 'NZD') : '—' },
            { title: 'Active Tokens', value: stats.data ? formatCount(stats.data.activeTokens) : '—' },
            { title: 'Total Investors', value: stats.data ? formatCount(stats.data.totalInvestors) : '—' },
            // The same read model as the shield below and /compliance.
            {
              title: 'Compliance Score',
              value: compliance.data ? `${compliance.data.score}%` : '—',
              loading: compliance.isPending,
            },
          ].map((s) => (
            <Col key={s.title} xs={12} lg={6}>
              <Card>
                <Statistic title={s.title} value={s.value} loading={s.loading ?? stats.isPending} />
              </Card>
            </Col>
          ))}
        </Row>

        <Card title="Tokenization Workflow">
          <Flex vertical gap={16}>
            <Typography.Text type="secondary" aria-label="Current workflow step">
              {workflowLine(flow)}
            </Typography.Text>
            <Steps
              responsive
              size="small"
              current={Math.min(flow.step, WORKFLOW.length - 1)}
              items={WORKFLOW.map((title, i) => ({
                title,
                status: flow.statuses[i],
                description: flow.statuses[i] === 'error' ? 'Needs attention' : undefined,
              }))}
              aria-label="Tokenization workflow"
            />
          </Flex>
        </Card>

        <Row gutter={[16, 16]}>
          <Col xs={24} lg={isInvestor ? 24 : 16}>
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
          {!isInvestor && (
            <Col xs={24} lg={8}>
              <Card title="Wholesale Investors" style={{ height: '100%' }}>
                <Flex vertical gap={12}>
                  <WholesaleCard status={wholesale.data} />
                </Flex>
              </Card>
            </Col>
          )}
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
              <ActivityList activities={activities.data ?? []} />
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
                loading={compliance.isPending}
                dataSource={compliance.data?.checks ?? []}
                locale={{ emptyText: emptyText('Compliance could not be loaded') }}
                renderItem={(c) => (
                  <List.Item extra={<Tag color={checkColors[c.status]}>{shieldLabel(c)}</Tag>}>
                    <Flex gap={8}>
                      {shieldIcon(c.status)}
                      {c.name}
                    </Flex>
                  </List.Item>
                )}
              />
              <Link to={appPath('/compliance')}>
                {compliance.data
                  ? `Compliance score ${compliance.data.score}% · ${compliance.data.label}`
                  : 'Compliance'}
              </Link>
            </Card>
          </Col>
        </Row>

        <CapTableManagement assets={list} />
      </>
    );
  }
}

/**
 * The wholesale features card: a verified investor is never offered 'Start Verification' again (docs/specification.md §2 gives
 * the card both buttons; verifying twice is no use), and one waiting for review sees that.
 */
function WholesaleCard({ status }: { status: WholesaleStatus | undefined }) {
  if (status?.isWholesaleInvestor) {
    return (
      <>
        <Typography.Text>
          <Tag color="green">Verified</Tag>
          Wholesale investor{status.validUntil ? ` until ${formatDate(status.validUntil)}` : ''}.
        </Typography.Text>
        <ButtonLink to={appPath('/token-offerings')} color="primary" variant="solid">
          Browse Offerings
        </ButtonLink>
      </>
    );
  }
  const pending = status?.verificationStatus === 'pending';
  return (
    <>
      <Typography.Text>
        {pending
          ? 'Your wholesale investor verification is under review (2-5 business days).'
          : status?.revokedAt
            ? `You revoked your wholesale investor certificate on ${formatDate(status.revokedAt)}. Verify again to invest in new offerings.`
            : 'Verify as a wholesale investor (FMC Act 2013, Schedule 1) to invest in offerings.'}
      </Typography.Text>
      <ButtonLink to={appPath('/wholesale-verification')} color="primary" variant="solid">
        {pending ? 'View Verification' : 'Start Verification'}
      </ButtonLink>
      <ButtonLink to={appPath('/token-offerings')}>Browse Offerings</ButtonLink>
    </>
  );
}
