import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, List, Modal, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { describeError, errorTitle } from '../../api/client';
import { abandonTransfer, proposeTransfer, transferStep } from '../../api/mutations';
import { assetTransfersQuery, transfersQuery } from '../../api/queries';
import type { Transfer, TransferList } from '../../api/types';
import { formatCount, formatDate, formatPayment } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { emptyText } from '../ui/emptyText';

const STATUS: Record<string, { label: string; color: string }> = {
  proposed: { label: 'Waiting for the buyer', color: 'blue' },
  accepted: { label: 'Waiting for the owner’s approval', color: 'gold' },
  // An asset whose transfers Kauri's admins approve (its setting): the same stage, named for who acts.
  acceptedByAdmins: { label: 'Waiting for Kauri’s approval', color: 'gold' },
  approved: { label: 'Settling on chain', color: 'processing' },
  settled: { label: 'Settled', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'default' },
  expired: { label: 'Expired', color: 'default' },
  failed: { label: 'Failed', color: 'red' },
  abandoned: { label: 'Abandoned', color: 'default' },
};

type Step = 'accept' | 'approve' | 'cancel' | 'retry';

const stage = (t: { status: string; approver: Transfer['approver'] }) =>
  STATUS[t.status === 'accepted' && t.approver === 'admin' ? 'acceptedByAdmins' : t.status];

/**
 * Transfers between investors who already agreed (issue 32; bilateral only — no market): the seller's, the buyer's
 * and the asset owner's, each with what they may do now. `assetId` narrows the list to one asset (its page).
 */
export function TransfersCard({
  assetId,
  userId,
  admin = false,
}: {
  assetId?: string;
  userId: string;
  admin?: boolean;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [refusal, setRefusal] = useState<string | null>(null);
  // An admin on an asset's screen sees every transfer of it (to approve, or retry a failed settlement). Asked again
  // every 2 s while one settles on chain, every 10 s while one waits on the other party's step (so an open page sees
  // it taken), not at all otherwise.
  const poll = (query: { state: { data?: TransferList } }) => {
    const statuses = new Set(query.state.data?.transfers.map((t) => t.status));
    return statuses.has('approved') ? 2000 : statuses.has('proposed') || statuses.has('accepted') ? 10_000 : false;
  };
  const mine = useQuery({ ...transfersQuery, enabled: !admin, refetchInterval: poll });
  const ofAsset = useQuery({
    ...assetTransfersQuery(assetId ?? ''),
    enabled: admin && !!assetId,
    refetchInterval: poll,
  });
  const data = admin ? ofAsset.data : mine.data;
  // A transfer that moved on (settled above all) changed what the rest of the page shows — the cap table, holdings,
  // the portfolio, the activity: those are asked again, so the page never says "Settled" beside the old holdings.
  const seen = useRef(new Map<string, string>());
  useEffect(() => {
    let moved = false;
    for (const t of data?.transfers ?? []) {
      const before = seen.current.get(t.id);
      if (before !== undefined && before !== t.status) moved = true;
      seen.current.set(t.id, t.status);
    }
    if (moved) void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== '/api/transfers' });
  }, [data, client]);
  const act = useMutation({
    mutationFn: ({ id, step }: { id: string; step: Step }) => transferStep(id, step),
    onSuccess: async (written, { id }) => {
      setRefusal(null);
      const approver = data?.transfers.find((t) => t.id === id)?.approver ?? 'owner';
      await client.invalidateQueries({ queryKey: ['/api/transfers'] });
      const label = stage({ status: written.status, approver })?.label;
      void toast.success(label ?? written.status);
    },
    onError: (error) => {
      setRefusal(describeError(error));
      void toast.error(errorTitle(error, 'Not Done'), describeError(error));
    },
  });
  const rows = (data?.transfers ?? []).filter((t) => !assetId || t.assetId === assetId);
  if (rows.length === 0 && assetId) return null;
  const actions = (t: Transfer) => {
    const out = [];
    const step = (s: Step, label: string, danger = false) => (
      <Button
        key={s}
        size="small"
        danger={danger}
        type={danger ? 'default' : 'primary'}
        loading={act.isPending && act.variables?.id === t.id && act.variables.step === s}
        onClick={() => act.mutate({ id: t.id, step: s })}
      >
        {label}
      </Button>
    );
    if (t.role === 'buyer' && t.status === 'proposed') out.push(step('accept', 'Accept'));
    // The owner is offered the approval only where the asset's setting leaves it with them (the server says so too).
    const approves = t.role === 'admin' || (t.role === 'owner' && t.approver === 'owner');
    if (approves && t.status === 'accepted') out.push(step('approve', 'Approve'));
    // Once the failure's cause is dealt with (the reason is shown): the failed steps are asked of the chain again.
    if (admin && t.status === 'failed') out.push(step('retry', 'Retry settlement'));
    // When the cause never goes away: given up with a reason, and what the DvP left open on chain undone.
    if (admin && t.status === 'failed')
      // An earlier refusal (a retry refused for the same cause) says nothing once the transfer has ended.
      out.push(<AbandonTransfer key="abandon" transfer={t} onAbandoned={() => setRefusal(null)} />);
    if ((t.role === 'seller' || t.role === 'buyer') && (t.status === 'proposed' || t.status === 'accepted'))
      out.push(step('cancel', 'Cancel', true));
    return out;
  };
  return (
    <Card title="Transfers" data-testid="transfers">
      <Flex vertical gap={12}>
        {refusal && <Alert type="error" showIcon title={refusal} closable onClose={() => setRefusal(null)} />}
        {!admin && (
          <Typography.Text type="secondary">
            Your investor ID, for a seller who names you as the buyer:{' '}
            <Typography.Text copyable>{userId}</Typography.Text>
          </Typography.Text>
        )}
        <List
          dataSource={rows}
          locale={{ emptyText: emptyText('No transfers yet') }}
          renderItem={(t) => (
            <List.Item actions={actions(t)} data-testid={`transfer-${t.id}`}>
              <List.Item.Meta
                title={
                  <Flex gap={8} wrap align="center">
                    <span>
                      {t.role === 'seller' ? 'You sell' : t.role === 'buyer' ? 'You buy' : 'Between two investors:'}{' '}
                      {formatCount(t.tokens)} tokens of {t.assetName} at {formatPayment(Number(t.pricePerToken))} each
                    </span>
                    <Tag color={stage(t)?.color}>{stage(t)?.label ?? t.status}</Tag>
                  </Flex>
                }
                description={
                  <Flex vertical>
                    <span>
                      {formatPayment(Number(t.amount))} in the NZD stablecoin, delivery versus payment · proposed{' '}
                      {formatDate(t.proposedAt)}
                      {t.status === 'proposed' || t.status === 'accepted'
                        ? ` · expires ${formatDate(t.expiresAt)}`
                        : ''}
                    </span>
                    {t.txHash && <Typography.Text code>{t.txHash}</Typography.Text>}
                    {t.refusal && <Typography.Text type="danger">{t.refusal}</Typography.Text>}
                    {t.abandonReason && (
                      <Typography.Text type="secondary">Abandoned by Kauri: {t.abandonReason}</Typography.Text>
                    )}
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      </Flex>
    </Card>
  );
}

/**
 * An admin's "Abandon" for a failed transfer whose cause does not go away: a reason (the parties read it), then a
 * confirmation in the same dialog. The server refuses a party, a blank reason, and any status but failed.
 */
function AbandonTransfer({ transfer, onAbandoned }: { transfer: Transfer; onAbandoned: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const abandon = useMutation({
    mutationFn: () => abandonTransfer(transfer.id, reason.trim()),
    onSuccess: async () => {
      setOpen(false);
      setReason('');
      setRefusal(null);
      onAbandoned();
      await client.invalidateQueries({ queryKey: ['/api/transfers'] });
      void toast.success('Transfer abandoned');
    },
    onError: (error) => setRefusal(describeError(error)),
  });
  return (
    <>
      <Button size="small" danger onClick={() => setOpen(true)}>
        Abandon
      </Button>
      <Modal
        open={open}
        title="Abandon this transfer?"
        okText="Abandon transfer"
        okButtonProps={{ danger: true, disabled: !reason.trim(), loading: abandon.isPending }}
        onOk={() => abandon.mutate()}
        onCancel={() => setOpen(false)}
      >
        <Flex vertical gap={12}>
          <Typography.Paragraph>
            The transfer ends and is never settled: no tokens change hands, the seller’s offer is cancelled on chain and
            both allowances to the DvP manager are withdrawn. Only when its failure cannot be put right; otherwise retry
            the settlement.
          </Typography.Paragraph>
          {refusal && <Alert type="error" showIcon title={refusal} />}
          <Input.TextArea
            rows={3}
            value={reason}
            maxLength={1000}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Why it is abandoned (both parties read this)"
            aria-label="Reason"
          />
        </Flex>
      </Modal>
    </>
  );
}

/** The seller proposes a transfer from their holding to a buyer they agreed with (named by investor ID). */
export function ProposeTransfer({ assetId }: { assetId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [form] = Form.useForm<{ toInvestorId: string; tokens: number; pricePerToken: string }>();
  const propose = useMutation({
    mutationFn: (values: { toInvestorId: string; tokens: number; pricePerToken: string }) =>
      proposeTransfer({ assetId, ...values, toInvestorId: values.toInvestorId.trim() }),
    onSuccess: async () => {
      setRefusal(null);
      form.resetFields();
      // The promise claims tokens of the holding the page shows (its promised line): everything is asked again.
      await client.invalidateQueries();
      void toast.success('Transfer proposed');
    },
    onError: (error) => setRefusal(describeError(error)),
  });
  return (
    <Card title="Transfer to another investor">
      <Typography.Paragraph type="secondary">
        Only to an investor you have already agreed with: they accept, the asset’s owner approves, then the tokens and
        the NZD stablecoin change hands in one transaction on chain.
      </Typography.Paragraph>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={(values) => propose.mutate(values)}>
        <Form.Item
          name="toInvestorId"
          label="Buyer’s investor ID"
          rules={[{ required: true, message: 'Enter the buyer’s investor ID' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="tokens" label="Tokens" rules={[{ required: true, message: 'Enter how many tokens' }]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="pricePerToken"
          label="Price per token (NZD)"
          rules={[{ required: true, message: 'Enter the price per token' }]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={propose.isPending}>
          Propose transfer
        </Button>
      </Form>
    </Card>
  );
}
