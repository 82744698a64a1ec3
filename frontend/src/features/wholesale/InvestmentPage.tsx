import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Card, Descriptions, Flex, Tag } from 'antd';
import { SETTLEMENT_MESSAGES, SETTLEMENT_THRESHOLD_NZD } from '@kauri/messages';
import { investmentQuery } from '../../api/queries';
import { appPath } from '../../shared/appPath';
import { formatCount, formatDate, formatPayment } from '../../shared/format';
import { Figures } from '../../shared/Figures';
import { investmentStatus, ObjectPage, ObjectState } from '../../shared/objects/ObjectPage';
import { awaitsChain } from '../../shared/tokens/chain';
import { HoldingOnChainDetails } from '../../shared/tokens/HoldingOnChain';
import { HoldingClaims } from '../../shared/objects/HoldingClaims';
import { ProposeTransfer } from '../../shared/transfers/Transfers';

const priceSource = {
  valuation: "the asset's latest valuation",
  purchase: 'the price paid',
} as const;

/**
 * One investment: for its investor, admins, and the owner of the asset — who is not told who the investor
 * is (the server leaves them out).
 */
export function InvestmentPage({ investmentId }: { investmentId: string }) {
  // Polled while its transfer is still on its way to the chain.
  const { data, error } = useQuery({
    ...investmentQuery(investmentId),
    refetchInterval: (query) => (query.state.data && awaitsChain(query.state.data) ? 2000 : false),
  });
  if (!data) return <ObjectState error={error} what="Investment" back="/dashboard" />;
  const i = data;
  const status = investmentStatus[i.status];
  // What the tokens held now cost against what they are worth: tokens transferred out count in neither.
  const gain = i.currentValue - i.costHeld;
  return (
    <ObjectPage
      kicker={
        i.viewer === 'admin' ? (
          <Link to={appPath('/admin')}>Admin</Link>
        ) : (
          <Link to={appPath('/dashboard')}>Dashboard</Link>
        )
      }
      title={`${formatCount(i.tokens)} tokens of ${i.asset?.name ?? 'an asset'}`}
      tags={<Tag color={status.color}>{status.label}</Tag>}
    >
      {i.status === 'pending' && (
        <Alert
          type="info"
          showIcon
          title="Awaiting settlement"
          description={
            // Under the threshold alone, it waits because the investor's linked investments count together.
            i.viewer === 'investor' && Number(i.amountPaid) < SETTLEMENT_THRESHOLD_NZD
              ? `${SETTLEMENT_MESSAGES.pending} ${SETTLEMENT_MESSAGES.linked}`
              : SETTLEMENT_MESSAGES.pending
          }
        />
      )}
      {i.status === 'cancelled' && (
        <Alert type="warning" showIcon title="Cancelled" description={i.cancellationReason ?? undefined} />
      )}
      <Figures
        items={[
          { title: 'Price Paid', value: formatPayment(i.costHeld) },
          { title: 'Current Value', value: formatPayment(i.currentValue) },
          { title: 'Change', value: `${gain >= 0 ? '+' : '−'}${formatPayment(Math.abs(gain))}` },
          { title: 'Lock-up Ends', value: formatDate(i.transferableFrom) },
        ]}
      />
      {i.viewer === 'investor' && i.status === 'confirmed' && i.asset && <ProposeTransfer assetId={i.asset.id} />}
      <Card title="Details">
        <Descriptions
          column={{ xs: 1, md: 2 }}
          size="small"
          items={[
            ...(i.investor
              ? [
                  {
                    key: 'investor',
                    label: 'Investor',
                    children: `${i.investor.name}${i.investor.email ? ` (${i.investor.email})` : ''}`,
                  },
                ]
              : i.viewer === 'owner'
                ? [{ key: 'investor', label: 'Investor', children: 'A verified wholesale investor' }]
                : []),
            {
              key: 'asset',
              label: 'Asset',
              children: i.asset ? (
                <Link to="/assets/$assetId" params={{ assetId: i.asset.id }}>
                  {i.asset.name}
                </Link>
              ) : (
                '—'
              ),
            },
            {
              key: 'offering',
              label: 'Offering',
              children: i.offering ? (
                <Link to="/token-offerings/$offeringId" params={{ offeringId: i.offering.id }}>
                  {i.offering.name}
                </Link>
              ) : (
                '—'
              ),
            },
            {
              key: 'tokens',
              label: 'Tokens',
              children: (
                <Flex vertical>
                  {i.tokensBought > i.tokens
                    ? `${formatCount(i.tokens)} of ${formatCount(i.tokensBought)} bought for ${formatPayment(Number(i.amountPaid))}; ${formatCount(i.tokensBought - i.tokens)} transferred out`
                    : formatCount(i.tokens)}
                  {/* Of the holder's tokens of this asset, those not free (as in the holdings table). */}
                  <HoldingClaims holding={i} tokens={i.tokens} />
                </Flex>
              ),
            },
            { key: 'paid', label: 'Price per token paid', children: formatPayment(Number(i.tokenPricePaid)) },
            {
              key: 'now',
              label: 'Price per token now',
              children: `${formatPayment(i.currentTokenPrice)} (${priceSource[i.currentPriceSource]})`,
            },
            { key: 'requested', label: 'Requested', children: formatDate(i.purchaseDate) },
            ...(i.confirmedAt ? [{ key: 'confirmed', label: 'Confirmed', children: formatDate(i.confirmedAt) }] : []),
            ...(i.cancelledAt ? [{ key: 'cancelled', label: 'Cancelled', children: formatDate(i.cancelledAt) }] : []),
            {
              key: 'lockup',
              label: 'Lock-up',
              // A longer lock-up of another purchase of theirs in the asset holds these tokens too (the chain locks
              // a holder's wallet until the latest one ends).
              children: `${i.offering ? `${formatCount(i.offering.lockupPeriod)} days, ` : ''}transferable from ${formatDate(i.transferableFrom)}${
                i.transferableFrom > i.lockupEnds
                  ? ` (this purchase's own lock-up ends ${formatDate(i.lockupEnds)}; a later purchase's lock-up holds every token of yours in this asset)`
                  : ''
              }`,
            },
            { key: 'reference', label: 'Reference', children: i.id.slice(-8) },
          ]}
        />
      </Card>
      {i.walletAddress && (
        <Card title="On Chain">
          <HoldingOnChainDetails investment={i} />
        </Card>
      )}
    </ObjectPage>
  );
}
