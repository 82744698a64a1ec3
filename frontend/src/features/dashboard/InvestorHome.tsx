import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Flex, Row, Statistic, Tag, Typography } from 'antd';
import { activitiesQuery, investmentsQuery, ownWalletRecoveriesQuery } from '../../api/queries';
import type { WalletRecoveryRecord, WholesaleStatus } from '../../api/types';
import { formatCount, formatDate, formatPayment } from '../../shared/format';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { appPath } from '../../shared/appPath';
import { awaitsChain } from '../../shared/tokens/chain';
import { ChainValue } from '../../shared/tokens/ChainValue';
import { HoldingsTable } from '../../shared/objects/HoldingsTable';
import { typeLabel } from '../../shared/verificationOptions';
import { ActivityList } from './ActivityList';

const certification: Record<WholesaleStatus['verificationStatus'], { label: string; color: string }> = {
  verified: { label: 'Verified', color: 'green' },
  pending: { label: 'Under review', color: 'gold' },
  rejected: { label: 'Rejected', color: 'red' },
  expired: { label: 'Lapsed', color: 'default' },
  revoked: { label: 'Revoked', color: 'volcano' },
  none: { label: 'Not verified', color: 'default' },
};

/** What the home says of the investor's latest wallet recovery while it goes on (none once done or cancelled). */
const OPEN_RECOVERY: Record<WalletRecoveryRecord['stage'], string | null> = {
  'awaiting-proof': 'A recovery of your wallet is waiting for your proof of the new address',
  'awaiting-approval': 'A recovery of your wallet is waiting for approval',
  moving: 'Your wallet recovery is approved: your tokens are moving to your new wallet',
  failed: 'Your wallet recovery is held up on the chain: Kauri’s admins will retry it',
  done: null,
  cancelled: null,
};

/**
 * An investor's home: what their holdings are worth now, each holding, their wholesale certification and
 * until when it is valid, and their activity — from the read models keyed by the investor.
 */
export function InvestorHome({ status }: { status: WholesaleStatus }) {
  // Polled while a confirmed holding's transfer is still on its way to the chain.
  const portfolio = useQuery({
    ...investmentsQuery,
    refetchInterval: (query) => (query.state.data?.investments.some(awaitsChain) ? 2000 : false),
  });
  const activities = useQuery(activitiesQuery);
  // A recovery of their wallet still going on (issue 32): said here, done on the profile's Wallet card.
  const recovery = useQuery(ownWalletRecoveriesQuery).data?.recoveries[0];
  const recovering = recovery && OPEN_RECOVERY[recovery.stage];
  const data = portfolio.data;
  const cert = certification[status.verificationStatus];
  const wallet = data?.investments.find((i) => i.walletAddress);
  return (
    <Flex vertical gap={24}>
      {portfolio.isError && <Alert type="error" showIcon title="Your holdings could not be loaded." />}
      {recovering && (
        <Alert
          type="warning"
          showIcon
          title={recovering}
          action={<ButtonLink to={appPath('/profile')}>Your Wallet</ButtonLink>}
        />
      )}
      <Row gutter={[16, 16]}>
        {[
          { title: 'Portfolio Value', value: data && formatPayment(data.portfolioValue) },
          { title: 'Invested', value: data && formatPayment(data.invested) },
          {
            title: 'Pending Settlement',
            value: data && formatPayment(data.pendingAmount),
            note: data?.pendingCount ? `${formatCount(data.pendingCount)} awaiting funds and AML/CFT checks` : null,
          },
          {
            title: 'Holdings',
            // A holding transferred out in full is no longer held (its row stays in the table, at 0 tokens).
            value:
              data &&
              formatCount(
                data.investments.filter((i) => i.status === 'pending' || (i.status === 'confirmed' && i.tokens > 0))
                  .length,
              ),
          },
        ].map((s) => (
          <Col key={s.title} xs={24} sm={12} lg={6}>
            <Card style={{ height: '100%' }}>
              <Statistic title={s.title} value={s.value ?? '—'} loading={portfolio.isPending} />
              {s.note && <Typography.Text type="secondary">{s.note}</Typography.Text>}
            </Card>
          </Col>
        ))}
      </Row>

      <Card title="My Holdings" extra={<ButtonLink to={appPath('/token-offerings')}>Browse Offerings</ButtonLink>}>
        <Flex vertical gap={12}>
          {wallet && (
            <Flex gap={8} wrap align="center">
              <Typography.Text type="secondary">Your wallet on chain</Typography.Text>
              <ChainValue value={wallet.walletAddress!} kind="address" explorerUrl={wallet.chainExplorerUrl} />
            </Flex>
          )}
          <HoldingsTable investments={data?.investments ?? []} loading={portfolio.isPending} />
        </Flex>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card
            title={
              <Flex gap={8}>
                <SafetyCertificateOutlined />
                Wholesale Certification
              </Flex>
            }
            style={{ height: '100%' }}
          >
            <Flex vertical gap={12}>
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'status', label: 'Status', children: <Tag color={cert.color}>{cert.label}</Tag> },
                  ...(status.verificationType
                    ? [{ key: 'type', label: 'Category', children: typeLabel(status.verificationType) }]
                    : []),
                  ...(status.verifiedAt
                    ? [{ key: 'since', label: 'Verified', children: formatDate(status.verifiedAt) }]
                    : []),
                  ...(status.verificationStatus === 'revoked' && status.revokedAt
                    ? [{ key: 'revoked', label: 'Revoked on', children: formatDate(status.revokedAt) }]
                    : []),
                  ...(status.validUntil && status.verificationStatus !== 'revoked'
                    ? [
                        {
                          key: 'until',
                          label: status.verificationStatus === 'expired' ? 'Lapsed' : 'Valid until',
                          children: formatDate(status.validUntil),
                        },
                      ]
                    : []),
                  ...(status.verificationStatus === 'rejected' && status.rejectionReason
                    ? [{ key: 'reason', label: 'Reason', children: status.rejectionReason }]
                    : []),
                ]}
              />
              {status.verificationStatus === 'pending' ? (
                <Typography.Text type="secondary">Review takes 2-5 business days.</Typography.Text>
              ) : status.verificationStatus !== 'verified' ? (
                <ButtonLink to={appPath('/wholesale-verification')} color="primary" variant="solid">
                  {status.verificationStatus === 'none' ? 'Start Verification' : 'Verify Again'}
                </ButtonLink>
              ) : null}
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title="Recent Activity" style={{ height: '100%' }}>
            <ActivityList activities={activities.data ?? []} />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
