import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { assetsQuery, dashboardStatsQuery, myOfferingsQuery } from '../../api/queries';
import { PageSpinner } from '../../shared/ui/PageSpinner';

const PortfolioChart = lazy(() => import('./PortfolioChart'));
const InvestorsChart = lazy(() => import('./AnalyticsCharts').then((m) => ({ default: m.InvestorsChart })));
const OfferingProgressChart = lazy(() =>
  import('./AnalyticsCharts').then((m) => ({ default: m.OfferingProgressChart })),
);
const ValueByAssetChart = lazy(() => import('./AnalyticsCharts').then((m) => ({ default: m.ValueByAssetChart })));

/**
 * /analytics (the mobile menu's Analytics): the owner's figures over time, from the portfolio read model.
 */
export function AnalyticsPage() {
  const stats = useQuery(dashboardStatsQuery);
  const assets = useQuery(assetsQuery);
  const offerings = useQuery(myOfferingsQuery);
  if (stats.isPending || assets.isPending) return <PageSpinner />;
  const points = stats.data?.valueHistory ?? [];
  const chart = (
    title: string,
    node: ReactNode,
    empty: boolean,
    emptyText = 'Figures appear here once you add an asset',
  ) => (
    <Card title={title} style={{ height: '100%' }}>
      {empty ? <Empty description={emptyText} /> : <Suspense fallback={<PageSpinner />}>{node}</Suspense>}
    </Card>
  );
  return (
    <Flex vertical gap={24} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px' }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        Analytics
      </Typography.Title>
      {chart('Portfolio Value', <PortfolioChart points={points} />, points.length === 0)}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          {chart('Investors and Active Tokens', <InvestorsChart points={points} />, points.length === 0)}
        </Col>
        <Col xs={24} lg={10}>
          {chart('Value by Asset', <ValueByAssetChart assets={assets.data ?? []} />, (assets.data ?? []).length === 0)}
        </Col>
      </Row>
      {chart(
        'Offering Progress',
        <OfferingProgressChart offerings={offerings.data?.offerings ?? []} />,
        (offerings.data?.offerings ?? []).length === 0,
        'Progress appears here once an offering opens for one of your assets',
      )}
    </Flex>
  );
}
