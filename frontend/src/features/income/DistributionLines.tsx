import { Space, Tag, type TableColumnType } from 'antd';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import type { DistributionLine } from '../../api/types';
import { formatCount } from '../../shared/format';
import { ChainValue } from '../../shared/tokens/ChainValue';
import { nzd } from './money';

const METHODS: Record<NonNullable<DistributionLine['payment']['method']>, string> = {
  stablecoin: 'NZD stablecoin',
  'direct-credit': 'Direct credit',
  retained: 'Retained',
};

/** A line's payment: how, where it stands, and for the stablecoin its transaction (linked to the explorer). */
export function Payment({
  payment: p,
  explorerUrl,
}: {
  payment: DistributionLine['payment'];
  explorerUrl: string | null;
}) {
  if (p.status === 'retained') return <>Retained by the owner</>;
  const how = `${p.method ? METHODS[p.method] : '—'} · ${p.status}`;
  if (p.method === 'stablecoin' && p.txHash)
    return (
      <Space size={4} wrap={false}>
        {how}
        <ChainValue value={p.txHash} kind="tx" explorerUrl={explorerUrl} />
      </Space>
    );
  return <>{p.reference ? `${how} · ${p.reference}` : how}</>;
}

const HOLDER_KINDS: Record<DistributionLine['holderKind'], string> = {
  platform: 'Investor',
  'off-platform': 'Off-platform',
  owner: 'Owner',
};

/** Every holder's line: tokens at the record date, gross, imputation credits, tax withheld and net, and payment. */
export function DistributionLines({
  lines,
  showPayment,
  explorerUrl = null,
}: {
  lines: DistributionLine[];
  showPayment: boolean;
  /** CHAIN_EXPLORER_URL: a stablecoin payment's transaction links there. */
  explorerUrl?: string | null;
}) {
  const columns: TableColumnType<DistributionLine>[] = [
    {
      title: 'Holder',
      dataIndex: 'name',
      render: (name: string, l) => (
        <>
          {name} <Tag>{HOLDER_KINDS[l.holderKind]}</Tag>
        </>
      ),
    },
    { title: 'Tokens', dataIndex: 'tokens', align: 'right', render: (n: number) => formatCount(n) },
    { title: 'Gross', dataIndex: 'gross', align: 'right', render: nzd },
    { title: 'Imputation credits', dataIndex: 'imputationCredits', align: 'right', render: nzd },
    {
      title: 'Tax withheld',
      key: 'tax',
      align: 'right',
      render: (_, l) => (l.taxKind === 'none' ? '—' : `${nzd(l.withholdingTax)} ${l.taxKind} ${l.taxRate}%`),
    },
    { title: 'Net', dataIndex: 'net', align: 'right', render: nzd },
  ];
  if (showPayment)
    columns.push({
      title: 'Payment',
      key: 'payment',
      render: (_, l) => <Payment payment={l.payment} explorerUrl={explorerUrl} />,
    });
  return (
    <ScrollTable
      size="small"
      rowKey={(l) => `${l.holderKind}:${l.investorId ?? 'owner'}`}
      columns={columns}
      dataSource={lines}
      pagination={false}
      scroll={{ x: true }}
    />
  );
}
