import { Tag, type TableColumnType } from 'antd';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import type { DistributionLine } from '../../api/types';
import { formatCount } from '../../shared/format';
import { nzd } from './money';

const HOLDER_KINDS: Record<DistributionLine['holderKind'], string> = {
  platform: 'Investor',
  'off-platform': 'Off-platform',
  owner: 'Owner',
};

/** Every holder's line: tokens at the record date, gross, imputation credits, tax withheld and net, and payment. */
export function DistributionLines({ lines, showPayment }: { lines: DistributionLine[]; showPayment: boolean }) {
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
      render: (_, l) =>
        l.payment.status === 'retained' ? 'Retained by the owner' : `${l.payment.method ?? '—'} · ${l.payment.status}`,
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
