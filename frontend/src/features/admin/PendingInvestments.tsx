import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Descriptions, Flex, Grid, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { LINKED_WINDOW_DAYS } from '@kauri/messages';
import { describeError } from '../../api/client';
import { settleInvestment } from '../../api/mutations';
import { investmentsQuery, offeringsQuery, pendingInvestmentsQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { InvestmentRow } from '../../api/types';
import { formatCount, formatDate, formatPayment } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { OwnRequestNote, useOwnRequest } from './ownRequest';
import { ScrollTable } from '../../shared/ui/ScrollTable';

type Decision = { row: InvestmentRow; confirm: boolean };

/** Who, what and how much: the lines both dialogs show before an irreversible decision. */
function Facts({ row }: { row: InvestmentRow }) {
  return (
    <Descriptions
      column={1}
      size="small"
      items={[
        {
          key: 'investor',
          label: 'Investor',
          children: `${row.investor.name}${row.investor.email ? ` (${row.investor.email})` : ''}`,
        },
        { key: 'asset', label: 'Asset', children: row.asset?.name ?? '—' },
        { key: 'offering', label: 'Offering', children: row.offering?.name ?? '—' },
        { key: 'amount', label: 'Amount', children: formatPayment(Number(row.amountPaid)) },
        { key: 'tokens', label: 'Tokens', children: formatCount(row.tokens) },
        { key: 'requested', label: 'Requested', children: formatDate(row.purchaseDate) },
      ]}
    />
  );
}

/**
 * Investments the settlement rule left pending (NZD 100,000 or more): confirm once the funds have cleared
 * and the enhanced AML/CFT checks are done, or cancel to release the tokens. Either is final, so each asks
 * first, naming the investor, the asset and the amount.
 */
export function PendingInvestments() {
  const narrow = !Grid.useBreakpoint().md;
  const { data, isPending } = useQuery(pendingInvestmentsQuery);
  const toast = useToast();
  const isOwn = useOwnRequest();
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const settle = useMutation({
    mutationFn: ({ row, confirm }: Decision) =>
      settleInvestment(row.offeringId, row.id, confirm ? { confirm: true } : { confirm: false, reason: reason.trim() }),
    onSuccess: async (_, { row, confirm }) => {
      setDeciding(null);
      setReason('');
      toast.success(
        confirm ? 'Investment Confirmed' : 'Investment Cancelled',
        confirm
          ? `${row.investor.name}'s ${formatPayment(Number(row.amountPaid))} in ${row.asset?.name ?? 'the asset'} is confirmed.`
          : `${row.investor.name}'s ${formatCount(row.tokens)} tokens are released.`,
      );
      await refreshAfterWrite(queryClient, pendingInvestmentsQuery, offeringsQuery, investmentsQuery);
    },
    onError: (e) => toast.error('Error', describeError(e)),
  });
  const row = deciding?.row;
  // Neither the investor nor the asset's owner settles it (four eyes).
  const decision = (r: InvestmentRow) =>
    isOwn(r.investorId, r.ownerId) ? (
      <OwnRequestNote />
    ) : (
      <Flex gap={8}>
        <Button size="small" type="primary" onClick={() => setDeciding({ row: r, confirm: true })}>
          Confirm
        </Button>
        <Button size="small" danger onClick={() => setDeciding({ row: r, confirm: false })}>
          Cancel
        </Button>
      </Flex>
    );
  return (
    <Card title="Pending Investments">
      <Typography.Paragraph type="secondary">
        Investments of NZD 100,000 or more wait here until the funds clear and the enhanced AML/CFT checks are done.
        Linked investments count together: an investor's investments in the same offering, and in other offerings over
        the last {LINKED_WINDOW_DAYS} days, so a smaller one may wait here too.
      </Typography.Paragraph>
      <ScrollTable<InvestmentRow>
        rowKey="id"
        size="small"
        loading={isPending}
        dataSource={data?.investments ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'Nothing waiting' }}
        columns={[
          {
            title: 'Investor',
            render: (_, r) => (
              <Flex vertical gap={4}>
                <Link to="/investments/$investmentId" params={{ investmentId: r.id }}>
                  {r.investor.name}
                </Link>
                {r.investor.email && <Typography.Text type="secondary">{r.investor.email}</Typography.Text>}
                {narrow && decision(r)}
              </Flex>
            ),
          },
          // Pinned to the right edge on a wide screen; on a phone a pinned column would cover half the row (names cut
          // mid-word), so the actions sit under the investor's name instead.
          ...(narrow
            ? []
            : [{ title: 'Decision', fixed: 'right' as const, render: (_: unknown, r: InvestmentRow) => decision(r) }]),
          {
            title: 'Asset',
            render: (_, r) =>
              r.asset ? (
                <Flex vertical>
                  <Link to="/assets/$assetId" params={{ assetId: r.asset.id }}>
                    {r.asset.name}
                  </Link>
                  <Typography.Text type="secondary">{r.offering?.name}</Typography.Text>
                </Flex>
              ) : (
                '—'
              ),
          },
          { title: 'Tokens', dataIndex: 'tokens', align: 'right', render: (n: number) => formatCount(n) },
          {
            title: 'Amount',
            dataIndex: 'amountPaid',
            align: 'right',
            render: (p: string) => formatPayment(Number(p)),
          },
          { title: 'Requested', dataIndex: 'purchaseDate', render: (d: string) => formatDate(d) },
        ]}
      />
      <Modal
        open={!!deciding}
        title={
          row &&
          (deciding.confirm
            ? `Confirm ${row.investor.name}'s investment of ${formatPayment(Number(row.amountPaid))}?`
            : `Cancel ${row.investor.name}'s investment of ${formatPayment(Number(row.amountPaid))}?`)
        }
        okText={deciding?.confirm ? 'Confirm Investment' : 'Cancel Investment'}
        cancelText="Go Back"
        okButtonProps={{
          danger: deciding?.confirm === false,
          disabled: deciding?.confirm === false && !reason.trim(),
          loading: settle.isPending,
        }}
        onOk={() => deciding && settle.mutate(deciding)}
        onCancel={() => setDeciding(null)}
        destroyOnHidden
      >
        {row && (
          <Flex vertical gap={12}>
            <Facts row={row} />
            {deciding.confirm ? (
              <Alert
                type="warning"
                showIcon
                title="Confirm only once the funds have cleared and the enhanced AML/CFT checks are done. This cannot be undone."
              />
            ) : (
              <>
                <Alert
                  type="warning"
                  showIcon
                  title="The tokens are released to the offering. This cannot be undone."
                />
                <Input.TextArea
                  rows={3}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  aria-label="Reason for cancelling"
                  placeholder="Why the investment is cancelled (the investor sees it), e.g. Funds did not clear"
                />
              </>
            )}
          </Flex>
        )}
      </Modal>
    </Card>
  );
}
