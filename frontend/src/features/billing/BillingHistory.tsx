import { Tag } from 'antd';
import type { BillingHistoryEntry, Plan } from '../../api/types';
import { formatDateTime, formatPayment } from '../../shared/format';
import { ScrollTable } from '../../shared/ui/ScrollTable';

const kinds: Record<BillingHistoryEntry['kind'], { label: string; color: string }> = {
  checkout: { label: 'Checkout started', color: 'default' },
  'plan-changed': { label: 'Plan changed', color: 'blue' },
  payment: { label: 'Payment', color: 'green' },
  renewal: { label: 'Renewal', color: 'green' },
  'payment-failed': { label: 'Payment failed', color: 'red' },
  'past-due': { label: 'Past due', color: 'orange' },
  'cancellation-scheduled': { label: 'Cancellation scheduled', color: 'gold' },
  'cancellation-withdrawn': { label: 'Cancellation withdrawn', color: 'blue' },
  canceled: { label: 'Canceled', color: 'default' },
};

/** The billing history, newest first, as recorded from the payment provider's events. */
export function BillingHistory({ history, plans }: { history: BillingHistoryEntry[]; plans: Plan[] }) {
  const planName = (tier: BillingHistoryEntry['tier']) => plans.find((p) => p.tier === tier)?.name ?? '—';
  return (
    <ScrollTable<BillingHistoryEntry>
      size="small"
      rowKey={(entry) => `${entry.at}-${entry.kind}`}
      dataSource={history}
      pagination={false}
      scroll={{ x: true }}
      locale={{ emptyText: 'No billing activity yet' }}
      columns={[
        {
          title: 'Date',
          dataIndex: 'at',
          render: (at: string) => formatDateTime(at),
          // One line per moment: the table scrolls sideways on a phone rather than break a date in four.
          onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
        },
        {
          title: 'Event',
          dataIndex: 'kind',
          render: (kind: BillingHistoryEntry['kind']) => <Tag color={kinds[kind].color}>{kinds[kind].label}</Tag>,
        },
        { title: 'Plan', dataIndex: 'tier', render: planName },
        {
          title: 'Amount',
          dataIndex: 'amount',
          align: 'right',
          // A downgrade's proration is a credit: shown as such rather than as a negative payment.
          render: (amount: number | null) =>
            amount == null ? '—' : amount < 0 ? `${formatPayment(-amount)} credit` : formatPayment(amount),
        },
        { title: 'Note', dataIndex: 'note', render: (note: string | null) => note ?? '' },
      ]}
    />
  );
}
