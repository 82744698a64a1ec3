import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Input, Modal, Radio, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { OWN_REQUEST_REASON } from '@kauri/messages';
import { describeError, errorTitle } from '../../api/client';
import { confirmTaxPayment, recordTaxPayment, rejectTaxPayment } from '../../api/mutations';
import { withheldTaxQuery } from '../../api/queries';
import type { TaxPayment, TaxPaymentInput, User, WithheldTaxPeriod } from '../../api/types';
import { formatDate, formatMonth } from '../../shared/format';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { useToast } from '../../shared/toast';
import { DateField } from '../../shared/ui/DateField';
import { nzd, nzDay } from './money';

/**
 * The tax withheld from distributions: the platform's liability per month and kind until paid to Inland Revenue.
 * One admin records a payment made to Inland Revenue with its reference; another confirms it (four eyes).
 */
export function WithheldTax({ user }: { user: User }) {
  const ledger = useQuery(withheldTaxQuery);
  const client = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState<TaxPaymentInput>({
    period: '',
    taxKind: 'RWT',
    amount: '',
    paidOn: '',
    irReference: '',
  });
  const act = useMutation({
    mutationFn: async ({ run, title }: { run: () => Promise<unknown>; title: string }) => {
      await run();
      return title;
    },
    onSuccess: async (title) => {
      await client.invalidateQueries({ queryKey: ['/api/admin/withheld-tax'] });
      void toast.success(title);
    },
    onError: (error) => void toast.error(errorTitle(error, 'Not Recorded'), describeError(error)),
  });
  // The payment being rejected, and why (a wrong amount or reference, found before anyone confirmed it).
  const [rejecting, setRejecting] = useState<{ payment: TaxPayment; reason: string } | null>(null);
  const field = (name: keyof typeof form, label: string, placeholder: string, width = 160) => (
    <Input
      aria-label={label}
      placeholder={placeholder}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      style={{ width }}
    />
  );
  return (
    <Flex vertical gap={12} aria-label="Withheld tax">
      <Typography.Title level={2} style={{ margin: 0 }}>
        Withheld tax
      </Typography.Title>
      <Typography.Text type="secondary">
        Tax withheld from the lines paid, by the month of the payment date: owed to Inland Revenue until paid.
      </Typography.Text>
      <ScrollTable<WithheldTaxPeriod>
        size="small"
        rowKey={(p) => `${p.period}-${p.taxKind}`}
        loading={ledger.isPending}
        dataSource={ledger.data?.periods ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { title: 'Month', dataIndex: 'period', render: formatMonth },
          { title: 'Tax', dataIndex: 'taxKind' },
          { title: 'Withheld', dataIndex: 'withheld', align: 'right', render: nzd },
          { title: 'Lines', dataIndex: 'lines', align: 'right' },
          { title: 'Paid to IR', dataIndex: 'paid', align: 'right', render: nzd },
          { title: 'Awaiting confirmation', dataIndex: 'awaiting', align: 'right', render: nzd },
          {
            title: 'Outstanding',
            dataIndex: 'outstanding',
            align: 'right',
            render: (v: string) => (Number(v) > 0 ? <Typography.Text strong>{nzd(v)}</Typography.Text> : nzd(v)),
          },
          { title: 'Due', dataIndex: 'dueDate', render: (d: string) => formatDate(d) },
        ]}
      />
      <Space wrap>
        <DateField
          month
          aria-label="Tax month"
          value={form.period}
          onChange={(period) => setForm({ ...form, period })}
          width={140}
        />
        <Radio.Group
          aria-label="Tax kind"
          optionType="button"
          value={form.taxKind}
          onChange={(e) => setForm({ ...form, taxKind: e.target.value as TaxPaymentInput['taxKind'] })}
          options={['RWT', 'NRWT']}
        />
        {field('amount', 'Amount paid', 'Amount NZD', 130)}
        <DateField
          aria-label="Paid on"
          value={form.paidOn}
          max={nzDay()}
          onChange={(paidOn) => setForm({ ...form, paidOn })}
        />
        {field('irReference', 'IR reference', 'Inland Revenue reference', 220)}
        <Button
          type="primary"
          onClick={() =>
            act.mutate({
              run: async () => {
                await recordTaxPayment(form);
                setForm({ ...form, amount: '', irReference: '' });
              },
              title: 'Tax Payment Recorded',
            })
          }
        >
          Record payment to IR
        </Button>
      </Space>
      <ScrollTable<TaxPayment>
        size="small"
        rowKey="id"
        dataSource={ledger.data?.payments ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { title: 'Month', dataIndex: 'period', render: formatMonth },
          { title: 'Tax', dataIndex: 'taxKind' },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: nzd },
          { title: 'Paid on', dataIndex: 'paidOn', render: (d: string) => formatDate(d) },
          { title: 'IR reference', dataIndex: 'irReference' },
          {
            title: 'Status',
            key: 'status',
            render: (_, p) =>
              p.status === 'confirmed' ? (
                <Tag color="green">Confirmed</Tag>
              ) : p.status === 'rejected' ? (
                <Tooltip title={p.rejectReason}>
                  <Tag color="red">Rejected: {p.rejectReason}</Tag>
                </Tooltip>
              ) : (
                <Space wrap>
                  {p.recordedBy === user.id ? (
                    <Typography.Text type="secondary">{OWN_REQUEST_REASON}</Typography.Text>
                  ) : (
                    <Button
                      size="small"
                      onClick={() => act.mutate({ run: () => confirmTaxPayment(p.id), title: 'Tax Payment Confirmed' })}
                    >
                      Confirm payment
                    </Button>
                  )}
                  <Button size="small" danger onClick={() => setRejecting({ payment: p, reason: '' })}>
                    Reject
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={
          rejecting ? `Reject the payment of ${nzd(rejecting.payment.amount)} (${rejecting.payment.irReference})` : ''
        }
        okText="Reject payment"
        okButtonProps={{ danger: true, disabled: !rejecting?.reason.trim() }}
        confirmLoading={act.isPending}
        onCancel={() => setRejecting(null)}
        onOk={() =>
          rejecting &&
          act.mutate(
            { run: () => rejectTaxPayment(rejecting.payment.id, rejecting.reason), title: 'Tax Payment Rejected' },
            { onSuccess: () => setRejecting(null) },
          )
        }
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          It will no longer count as paid or awaiting confirmation; record the payment again as it was made.
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="Why it is wrong"
          placeholder="What is wrong with it (amount, date, reference)"
          maxLength={1000}
          value={rejecting?.reason ?? ''}
          onChange={(e) => rejecting && setRejecting({ ...rejecting, reason: e.target.value })}
        />
      </Modal>
    </Flex>
  );
}
