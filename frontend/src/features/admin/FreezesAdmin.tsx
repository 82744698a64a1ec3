import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Radio, Typography } from 'antd';
import { describeError, errorTitle } from '../../api/client';
import { decideFreeze, requestFreeze } from '../../api/mutations';
import { freezesQuery, investmentsQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { FreezeRequest, PendingFreeze } from '../../api/types';
import { showRefusal } from '../../shared/fieldErrors';
import { formatCount, formatDate } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { type Decision, FourEyesDecision } from '../../shared/ui/FourEyesDecision';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { AssetHolderFields, investorChoices } from './AssetHolderFields';
import { OwnRequestNote, useOwnRequest } from './ownRequest';

/** The request's fields the server may refuse, each shown on its own form field. */
const REQUEST_FIELDS = ['holderId', 'action', 'scope', 'tokens', 'reason'];

const describe = (f: Pick<PendingFreeze, 'action' | 'scope' | 'tokens'>) =>
  `${f.action === 'freeze' ? 'Freeze' : 'Unfreeze'} ${f.scope === 'address' ? 'the whole holding' : `${formatCount(f.tokens ?? 0)} tokens`}`;

/**
 * Agent powers (issue 32): an admin asks to freeze or unfreeze a holder's tokens of an asset (the whole holding or a
 * number of them) with a reason; another admin approves or rejects. The one who asked, the asset's owner and the
 * holder see the four-eyes note in place of the buttons (the server refuses them too).
 */
export function FreezesAdmin() {
  const { data, error, isPending } = useQuery(freezesQuery);
  const toast = useToast();
  const client = useQueryClient();
  const isOwn = useOwnRequest();
  const decide = useMutation({
    mutationFn: async ({ freeze, decision }: { freeze: PendingFreeze; decision: Decision }) => {
      await decideFreeze(freeze.assetId, freeze.requestId, decision);
      await refreshAfterWrite(client, freezesQuery, investmentsQuery);
      return decision.approve;
    },
    onSuccess: (approved) =>
      toast.success(
        approved ? 'Freeze Approved' : 'Freeze Rejected',
        approved ? 'The register and the chain follow.' : 'Nothing changes.',
      ),
    onError: (e) => toast.error(errorTitle(e, 'Error'), describeError(e)),
  });
  if (error) return <Alert type="error" title="Failed to load the freeze requests." />;
  const decision = (f: PendingFreeze) =>
    isOwn(f.requestedBy, f.ownerId, f.holderId) ? (
      <OwnRequestNote />
    ) : (
      <FourEyesDecision
        approveTitle={`Approve: ${describe(f).toLowerCase()}?`}
        approveDescription={`${f.holderName} on ${f.assetName}.`}
        rejectTitle={`Reject: ${describe(f).toLowerCase()}`}
        reasonPlaceholder="Why not"
        onDecide={(d) => decide.mutateAsync({ freeze: f, decision: d })}
      />
    );
  return (
    <Flex vertical gap={16}>
      <RequestFreezeCard />
      <Card title="Awaiting a second admin">
        <ScrollTable<PendingFreeze>
          rowKey="requestId"
          loading={isPending}
          dataSource={data?.freezes ?? []}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{ emptyText: 'No freezes awaiting a decision' }}
          columns={[
            { title: 'Asset', render: (_, f) => <Typography.Text strong>{f.assetName}</Typography.Text> },
            { title: 'Holder', dataIndex: 'holderName' },
            { title: 'Request', render: (_, f) => describe(f) },
            { title: 'Held', align: 'right', render: (_, f) => formatCount(f.held) },
            { title: 'Frozen now', align: 'right', render: (_, f) => formatCount(f.frozenTokens) },
            { title: 'Reason', dataIndex: 'reason' },
            { title: 'Requested', render: (_, f) => formatDate(f.requestedAt) },
            { title: 'Decision', render: (_, f) => decision(f) },
          ]}
        />
      </Card>
    </Flex>
  );
}

interface FormValues {
  assetId: string;
  holderId: string;
  action: FreezeRequest['action'];
  scope: FreezeRequest['scope'];
  tokens?: number;
  reason: string;
}

/** The request: an approved asset, one of its holders (platform investors and the owner), what, and why. */
function RequestFreezeCard() {
  const [form] = Form.useForm<FormValues>();
  const toast = useToast();
  const client = useQueryClient();
  const scope = Form.useWatch('scope', form);
  const ask = useMutation({
    mutationFn: async (v: FormValues) => {
      await requestFreeze(v.assetId, {
        holderId: v.holderId,
        action: v.action,
        scope: v.scope,
        ...(v.scope === 'tokens' && { tokens: v.tokens }),
        reason: v.reason,
      });
      await refreshAfterWrite(client, freezesQuery);
    },
    onSuccess: () => {
      form.resetFields(['holderId', 'tokens', 'reason']);
      toast.success('Freeze Requested', 'Another admin must approve it.');
    },
    onError: (e) => showRefusal(form, e, REQUEST_FIELDS, toast),
  });
  return (
    <Card title="Freeze or unfreeze a holding">
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ action: 'freeze', scope: 'tokens' }}
        onFinish={(v) => ask.mutate(v)}
        style={{ maxWidth: 640 }}
      >
        <AssetHolderFields
          form={form}
          holderField="holderId"
          assetLabel="Asset"
          holderLabel="Holder"
          holderMissing="Choose a holder"
          holders={(lines, asset) => [
            ...investorChoices(lines, { frozen: true }),
            ...(asset ? [{ value: asset.ownerId, label: 'The owner (retained tokens)' }] : []),
          ]}
        />
        <Flex gap={24} wrap>
          <Form.Item name="action" label="Action">
            <Radio.Group
              options={[
                { value: 'freeze', label: 'Freeze' },
                { value: 'unfreeze', label: 'Unfreeze' },
              ]}
            />
          </Form.Item>
          <Form.Item name="scope" label="What">
            <Radio.Group
              options={[
                { value: 'tokens', label: 'A number of tokens' },
                { value: 'address', label: 'The whole holding' },
              ]}
            />
          </Form.Item>
        </Flex>
        {scope === 'tokens' && (
          <Form.Item
            name="tokens"
            label="Tokens"
            rules={[{ required: true, message: 'Tokens must be a whole number of at least 1' }]}
          >
            <InputNumber aria-label="Tokens" min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label="Reason"
          rules={[
            { required: true, min: 10, message: 'Give the reason (a court order, a dispute): at least 10 characters' },
          ]}
        >
          <Input.TextArea aria-label="Reason" rows={3} maxLength={1000} placeholder="A court order, a dispute" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={ask.isPending}>
          Request
        </Button>
      </Form>
    </Card>
  );
}
