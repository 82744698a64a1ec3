import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Col, Empty, Flex, Progress, Result, Row, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ERROR_TITLES, REVOCATION_MESSAGES } from '@kauri/messages';
import { ApiError } from '../../api/client';
import { investmentsQuery, offeringsQuery, wholesaleStatusQuery } from '../../api/queries';
import type { Offering, OfferingCard } from '../../api/types';
import { formatCount, formatDate, formatPayment } from '../../shared/format';
import { capitalise, valuationMethods } from '../../shared/objects/ObjectPage';
import { HoldingsTable } from '../../shared/objects/HoldingsTable';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { appPath } from '../../shared/appPath';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { ResultHeading } from '../../shared/ui/ResultHeading';
import { InvestDialog } from './InvestDialog';
import { networkLabel } from '../../shared/labels';

/** /token-offerings (docs/specification.md §2, §6): wholesale investors only; holdings, then the offerings with progress. */
export function TokenOfferingsPage() {
  const status = useQuery(wholesaleStatusQuery);
  if (status.isPending) return <PageSpinner />;
  if (!status.data?.isWholesaleInvestor) {
    return (
      <Result
        status="403"
        title={<ResultHeading>{ERROR_TITLES.accessRestricted}</ResultHeading>}
        subTitle={
          status.data?.revokedAt
            ? REVOCATION_MESSAGES.revoked(formatDate(status.data.revokedAt))
            : 'Token offerings are open to verified wholesale investors only (FMC Act 2013, Schedule 1).'
        }
        extra={
          <ButtonLink to={appPath('/wholesale-verification')} color="primary" variant="solid">
            {status.data?.revokedAt ? 'Get Certified Again' : 'Get Verified'}
          </ButtonLink>
        }
      />
    );
  }
  return <Offerings />;
}

function Offerings() {
  // Fetched only once the user is known to be wholesale (docs/specification.md §6).
  const offerings = useQuery(offeringsQuery);
  const portfolio = useQuery(investmentsQuery);
  const [investing, setInvesting] = useState<Offering | null>(null);
  return (
    <Flex vertical gap={24} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px' }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        Token Offerings
      </Typography.Title>
      <Card title="My Holdings">
        <HoldingsTable investments={portfolio.data?.investments ?? []} loading={portfolio.isPending} />
      </Card>
      {offerings.isError ? (
        <Alert
          type="error"
          showIcon
          title={
            // Closed to this person since the page opened (a revoked certificate): the server's reason, not "try again".
            offerings.error instanceof ApiError && offerings.error.status === 403 && offerings.error.body
              ? offerings.error.body.message
              : 'Failed to load token offerings. Please try again later.'
          }
        />
      ) : offerings.isPending ? (
        <PageSpinner />
      ) : offerings.data.offerings.length === 0 ? (
        <Empty description="No Active Offerings" />
      ) : (
        <Row gutter={[16, 16]}>
          {offerings.data.offerings.map((o) => (
            <Col key={o.id} xs={24} md={12} lg={8}>
              <OfferingCardView offering={o} onInvest={() => setInvesting(o)} />
            </Col>
          ))}
        </Row>
      )}
      {investing && <InvestDialog offering={investing} onClose={() => setInvesting(null)} />}
    </Flex>
  );
}

/** One offering: what the asset is, its valuation, documents and terms, and how far the offering has got. */
function OfferingCardView({ offering: o, onInvest }: { offering: OfferingCard; onInvest(): void }) {
  const asset = o.asset;
  return (
    <Card
      title={
        <Link to="/token-offerings/$offeringId" params={{ offeringId: o.id }}>
          {o.name}
        </Link>
      }
      aria-label={o.name}
      style={{ height: '100%' }}
    >
      <Flex vertical gap={8}>
        {asset && (
          <Flex vertical gap={2}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>{asset.name}</Typography.Text>
              <Tag>{capitalise(asset.assetType)}</Tag>
            </Flex>
            {asset.address && <Typography.Text type="secondary">{asset.address}</Typography.Text>}
            <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
              {asset.description}
            </Typography.Paragraph>
            <Typography.Text>
              Valued at {formatPayment(asset.value)}
              {asset.valuation && ` (${valuationMethods[asset.valuation.method].toLowerCase()})`}
            </Typography.Text>
          </Flex>
        )}
        {o.description && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
            {o.description}
          </Typography.Paragraph>
        )}
        <Typography.Text>
          {formatPayment(Number(o.tokenPrice))} per token · minimum {formatPayment(Number(o.minimumInvestment))}
        </Typography.Text>
        <Typography.Text type="secondary">
          Lock-up {o.lockupPeriod} days
          {asset?.terms && ` · ${asset.terms.symbol} on ${networkLabel(asset.terms.network)}`}
        </Typography.Text>
        {asset && asset.documents.length > 0 && (
          <Flex gap={12} wrap>
            {asset.documents.map((d) => (
              <a key={d.id} href={d.url} download>
                <FilePdfOutlined /> {d.title}
              </a>
            ))}
          </Flex>
        )}
        <Progress percent={o.percentIssued} aria-label={`${o.name} progress`} />
        <Typography.Text type="secondary">
          {formatCount(o.tokensIssued)} of {formatCount(o.totalTokens)} tokens issued ·{' '}
          {formatPayment(Number(o.fundsRaised))} raised
        </Typography.Text>
        <Flex gap={8} wrap>
          <ButtonLink to="/token-offerings/$offeringId" params={{ offeringId: o.id }}>
            View Details
          </ButtonLink>
          <Button type="primary" disabled={o.tokensAvailable <= 0} onClick={onInvest}>
            Invest Now
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
