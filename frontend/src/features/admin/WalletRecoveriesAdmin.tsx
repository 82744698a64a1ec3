import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Result, Tag, Typography } from 'antd';
import { describeError, errorTitle } from '../../api/client';
import { decideWalletRecovery, requestWalletRecovery, retryChainTransaction } from '../../api/mutations';
import { chainProblemsQuery, walletRecoveriesQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { User, WalletRecoveryRecord, WalletRecoveryStep } from '../../api/types';
import { ResultHeading } from '../../shared/ui/ResultHeading';
import { showRefusal } from '../../shared/fieldErrors';
import { formatCount, formatDate } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { ChainValue } from '../../shared/tokens/ChainValue';
import { emptyText } from '../../shared/ui/emptyText';
import { type Decision, FourEyesDecision } from '../../shared/ui/FourEyesDecision';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { AssetHolderFields, investorChoices } from './AssetHolderFields';
import { OwnRequestNote, useOwnRequest } from './ownRequest';

const STAGE: Record<WalletRecoveryRecord['stage'], { color: string; text: string }> = {
  'awaiting-proof': { color: 'gold', text: 'Waiting for the investor’s proof' },
  'awaiting-approval': { color: 'blue', text: 'Waiting for approval' },
  moving: { color: 'processing', text: 'Moving on the chain' },
  failed: { color: 'red', text: 'A chain step failed' },
  done: { color: 'green', text: 'Done' },
  cancelled: { color: 'default', text: 'Cancelled' },
};

const STEP: Record<string, string> = {
  'add-identity-key': 'New wallet as identity key',
  recover: 'Recover (first token)',
  'recovery-transfer': 'Move tokens',
  'recovery-freeze': 'Freeze again',
  'lock-up': 'Lock-up again',
  'register-identity': 'Register wallet',
};

/** /admin/wallet-recoveries: admins only (the server refuses everyone else too). */
export function WalletRecoveriesPage({ user }: { user: User }) {
  if (!user.roles.includes('admin'))
    return (
      <Result
        status="403"
        title={<ResultHeading>No Access</ResultHeading>}
        subTitle="Wallet recoveries are for Kauri administrators only."
      />
    );
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        Wallet Recoveries
      </Typography.Title>
      <WalletRecoveriesAdmin />
    </Flex>
  );
}

/**
 * Agent powers (issue 32): an admin records that an investor's identity was re-verified, and how, which opens the
 * recovery of their lost wallet; the investor proves a new address (own wallets; a platform-held wallet goes to a
 * new platform-held one); another admin approves, or any admin cancels with a reason. The requester and the
 * investor see the four-eyes note in place of the buttons (the server refuses them too). Each approved recovery
 * lists its chain steps; a failed one is retried here.
 */
export function WalletRecoveriesAdmin() {
  const { data, error, isPending } = useQuery({
    ...walletRecoveriesQuery,
    refetchInterval: (query) => (query.state.data?.recoveries.some((r) => r.stage === 'moving') ? 2000 : false),
  });
  const toast = useToast();
  const client = useQueryClient();
  const isOwn = useOwnRequest();
  const decide = useMutation({
    mutationFn: async ({ id, decision }: { id: string; decision: Decision }) => {
      await decideWalletRecovery(id, decision);
      await refreshAfterWrite(client, walletRecoveriesQuery);
      return decision.approve;
    },
    onSuccess: (approved) =>
      toast.success(
        approved ? 'Recovery Approved' : 'Recovery Cancelled',
        approved ? 'The tokens move to the new wallet on the chain.' : 'Nothing moves.',
      ),
    onError: (e) => toast.error(errorTitle(e, 'Error'), describeError(e)),
  });
  const retry = useMutation({
    mutationFn: async (step: WalletRecoveryStep) => {
      await retryChainTransaction(step.attemptId);
      await refreshAfterWrite(client, walletRecoveriesQuery, chainProblemsQuery);
    },
    onSuccess: () => toast.success('Retry Requested', 'The chain step is asked for again.'),
    onError: (e) => toast.error(errorTitle(e, 'Error'), describeError(e)),
  });
  if (error) return <Alert type="error" title="Failed to load the wallet recoveries." />;
  const decision = (r: WalletRecoveryRecord) => {
    if (r.stage === 'failed')
      return (
        <Flex vertical gap={4}>
          {r.steps
            .filter((s) => s.status === 'failed')
            .map((s) => (
              <Button key={s.txId} size="small" loading={retry.isPending} onClick={() => retry.mutate(s)}>
                Retry: {STEP[s.kind] ?? s.kind}
              </Button>
            ))}
        </Flex>
      );
    if (r.status !== 'open') return null;
    if (isOwn(r.requestedBy.id, r.investor.id)) return <OwnRequestNote />;
    const describe = `recover ${r.investor.name}’s wallet`;
    return (
      <FourEyesDecision
        approveTitle={`Approve: ${describe}?`}
        approveDescription={
          r.stage === 'awaiting-proof'
            ? 'The investor has not proven their new address yet: the server refuses until they do.'
            : `Their tokens move to ${r.newAddress ?? 'a new platform-held wallet'}.`
        }
        rejectTitle={`Cancel: ${describe}`}
        reasonPlaceholder="Why not"
        onDecide={(d) => decide.mutateAsync({ id: r.id, decision: d })}
      />
    );
  };
  return (
    <Flex vertical gap={16}>
      <RequestRecoveryCard />
      <Card title="Wallet recoveries">
        <ScrollTable<WalletRecoveryRecord>
          rowKey="id"
          loading={isPending}
          dataSource={data?.recoveries ?? []}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{ emptyText: emptyText('No wallet recoveries') }}
          columns={[
            {
              title: 'Investor',
              render: (_, r) => (
                <Flex vertical>
                  <Typography.Text strong>{r.investor.name}</Typography.Text>
                  <Typography.Text type="secondary">
                    {r.custodial ? 'Platform-held wallet' : 'Own wallet'}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: 'Lost → new wallet',
              render: (_, r) => (
                <Flex vertical>
                  <ChainValue value={r.lostAddress} kind="address" explorerUrl={null} />
                  {r.newAddress ? (
                    <ChainValue value={r.newAddress} kind="address" explorerUrl={null} />
                  ) : (
                    <Typography.Text type="secondary">
                      {r.custodial ? 'Chosen at approval' : 'Not proven yet'}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            {
              title: 'Stage',
              render: (_, r) => <Tag color={STAGE[r.stage].color}>{STAGE[r.stage].text}</Tag>,
            },
            {
              title: 'Identity re-verified',
              render: (_, r) => (
                <Flex vertical style={{ maxWidth: 280 }}>
                  <Typography.Text>{r.reason}</Typography.Text>
                  <Typography.Text type="secondary">
                    {r.requestedBy.name}, {formatDate(r.requestedAt)}
                  </Typography.Text>
                  {r.approvedBy && (
                    <Typography.Text type="secondary">
                      Approved by {r.approvedBy.name}, {formatDate(r.approvedAt ?? '')}
                    </Typography.Text>
                  )}
                  {r.cancelledBy && (
                    <Typography.Text type="secondary">
                      Cancelled by {r.cancelledBy.name}: {r.cancelReason}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            { title: 'Chain', render: (_, r) => <Steps steps={r.steps} /> },
            { title: 'Decision', render: (_, r) => decision(r) },
          ]}
        />
      </Card>
    </Flex>
  );
}

const STEP_COLOR: Record<WalletRecoveryStep['status'], string> = {
  requested: 'default',
  submitted: 'processing',
  confirmed: 'green',
  failed: 'red',
};

/** Each chain step: what, its status, its hash, and the chain's reason when it failed. */
function Steps({ steps }: { steps: WalletRecoveryStep[] }) {
  if (steps.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={4}>
      {steps.map((s) => (
        <Flex key={s.txId} gap={8} align="center" wrap>
          <Tag color={STEP_COLOR[s.status]}>{s.status}</Tag>
          <Typography.Text>
            {STEP[s.kind] ?? s.kind}
            {s.attempts > 1 ? ` (attempt ${formatCount(s.attempts)})` : ''}
          </Typography.Text>
          {s.txHash && <ChainValue value={s.txHash} kind="tx" explorerUrl={null} />}
          {s.failure && <Typography.Text type="danger">{s.failure}</Typography.Text>}
        </Flex>
      ))}
    </Flex>
  );
}

interface FormValues {
  assetId: string;
  personId: string;
  reason: string;
}

/** The request: the investor (a holder of an approved asset) and how their identity was re-verified. */
function RequestRecoveryCard() {
  const [form] = Form.useForm<FormValues>();
  const toast = useToast();
  const client = useQueryClient();
  const ask = useMutation({
    mutationFn: async (v: FormValues) => {
      await requestWalletRecovery(v.personId, v.reason);
      await refreshAfterWrite(client, walletRecoveriesQuery);
    },
    onSuccess: () => {
      form.resetFields(['personId', 'reason']);
      toast.success('Recovery Opened', 'The investor proves their new address (own wallets); another admin approves.');
    },
    onError: (e) => showRefusal(form, e, ['personId', 'reason'], toast),
  });
  return (
    <Card title="Recover a lost wallet">
      <Form<FormValues> form={form} layout="vertical" onFinish={(v) => ask.mutate(v)} style={{ maxWidth: 640 }}>
        <Typography.Paragraph type="secondary">
          When an investor has lost the key of their wallet (or the platform-held one must be replaced), verify their
          identity again first. All their tokens, of every asset, move to the new wallet; frozen tokens stay frozen.
        </Typography.Paragraph>
        <AssetHolderFields
          form={form}
          holderField="personId"
          assetLabel="Asset they hold"
          holderLabel="Investor"
          holderMissing="Choose the investor"
          holders={(lines) => investorChoices(lines, { frozen: false })}
        />
        <Form.Item
          name="reason"
          label="How the identity was re-verified"
          rules={[{ required: true, min: 10, message: 'Say how the identity was re-verified: at least 10 characters' }]}
        >
          <Input.TextArea
            aria-label="How the identity was re-verified"
            rows={3}
            maxLength={1000}
            placeholder="Passport checked on a live video call by the compliance team"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={ask.isPending}>
          Open Recovery
        </Button>
      </Form>
    </Card>
  );
}
