import { Link } from '@tanstack/react-router';
import { Flex, Tag, Typography } from 'antd';
import type { HoldingClaims as Claims, HoldingOnChain, InvestmentView } from '../../api/types';
import { formatCount, formatDate, formatPayment } from '../format';
import { investmentStatus } from './ObjectPage';
import { OnChainStatus } from '../tokens/HoldingOnChain';
import { HoldingClaims } from './HoldingClaims';
import { ScrollTable } from '../ui/ScrollTable';

type Row = InvestmentView & Partial<HoldingOnChain & Claims>;

/**
 * An investor's holdings: what each is in, the tokens, what was paid, what it is worth now, whether it is
 * settled, when the lock-up ends and, where there is a chain, the wallet's balance against the register. The
 * first column opens the investment's page, so it stays in reach on a phone however far the table scrolls.
 */
export function HoldingsTable({ investments, loading }: { investments: Row[]; loading?: boolean }) {
  const onChain = investments.some((i) => i.walletAddress);
  return (
    <ScrollTable<Row>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      loading={loading}
      dataSource={investments}
      locale={{ emptyText: 'No holdings yet' }}
      columns={[
        {
          title: 'Holding',
          fixed: 'left',
          render: (_, i) => (
            <Flex vertical>
              <Link to="/investments/$investmentId" params={{ investmentId: i.id }}>
                {i.asset?.name ?? 'Asset'}
              </Link>
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {i.source === 'transfer' ? 'Received in a transfer' : (i.offering?.name ?? '—')}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: 'Tokens',
          align: 'right',
          render: (_, i) => (
            <Flex vertical align="flex-end">
              {formatCount(i.tokens)}
              {/* Held now: what was bought less what was transferred to another investor since. */}
              {i.tokensBought > i.tokens ? (
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {formatCount(i.tokensBought - i.tokens)} transferred out
                </Typography.Text>
              ) : null}
              <HoldingClaims holding={i} tokens={i.tokens} nowrap />
            </Flex>
          ),
        },
        // Beside the tokens: what the chain holds of them (in reach on a phone before the table scrolls).
        ...(onChain
          ? [{ title: 'On Chain', key: 'chain', render: (_: unknown, i: Row) => <OnChainStatus investment={i} /> }]
          : []),
        {
          title: 'Price Paid',
          align: 'right',
          // For the tokens held now, so that it stands against the current value (and adds up to "Invested").
          render: (_, i) => (
            <Flex vertical>
              {formatPayment(i.costHeld)}
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {formatPayment(Number(i.tokenPricePaid))} per token
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: 'Current Value',
          align: 'right',
          render: (_, i) => (
            <Flex vertical>
              {formatPayment(i.currentValue)}
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {formatPayment(i.currentTokenPrice)} per token
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (s: InvestmentView['status']) => (
            <Tag color={investmentStatus[s].color}>{investmentStatus[s].label}</Tag>
          ),
        },
        {
          title: 'Lock-up Ends',
          dataIndex: 'transferableFrom',
          render: (d: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(d)}</span>,
        },
      ]}
    />
  );
}
