import { useMutation } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { HOLDER_MESSAGES, INVALID_EMAIL } from '@kauri/messages';
import { addInvestor, changeInvestor } from '../../api/mutations';
import type { CapTableLine } from '../../api/types';
import { formatCount, groupedWholeNumber } from '../format';
import { useToast } from '../toast';
import { useAssetRefresh } from '../../api/useAssetRefresh';
import { showRefusal } from '../fieldErrors';

interface HolderForm {
  name: string;
  email?: string;
  tokens: number;
  reason?: string;
}

const FIELDS = ['name', 'email', 'tokens', 'reason'] as const;

/**
 * Adds an off-platform holder to an asset's cap table, or changes one (with the reason, kept in the audit log).
 * `available` is what the owner still retains: a holding can take no more (the server decides; the hint helps).
 */
export function HolderModal({
  assetId,
  holder,
  available,
  open,
  onClose,
}: {
  assetId: string;
  /** The line being edited; null to add one. */
  holder: CapTableLine | null;
  available: number;
  open: boolean;
  onClose(): void;
}) {
  const [form] = Form.useForm<HolderForm>();
  const toast = useToast();
  const refresh = useAssetRefresh();
  const editing = holder !== null;
  const save = useMutation({
    mutationFn: async (values: HolderForm) => {
      const email = values.email?.trim() || undefined;
      if (holder?.investorId)
        await changeInvestor(assetId, holder.investorId, { ...values, email, reason: values.reason ?? '' });
      else await addInvestor(assetId, { name: values.name, email, tokens: values.tokens });
      await refresh();
    },
    onSuccess: () => {
      onClose();
      toast.success(editing ? 'Holding Changed' : 'Investor Added', 'The cap table is updated.');
    },
    onError: (error) => showRefusal(form, error, FIELDS, toast),
  });
  const most = available + (holder?.tokens ?? 0);
  return (
    <Modal
      open={open}
      title={editing ? `Edit ${holder.name}` : 'Add Investor'}
      okText={editing ? 'Save Changes' : 'Add Investor'}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        name={editing ? 'edit-investor' : 'add-investor'}
        layout="vertical"
        preserve={false}
        initialValues={holder ? { name: holder.name, email: holder.email ?? undefined, tokens: holder.tokens } : {}}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="name"
          label="Investor Name"
          rules={[{ required: true, min: 2, whitespace: true, message: HOLDER_MESSAGES.investorName }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="email" label="Email (optional)" rules={[{ type: 'email', message: INVALID_EMAIL }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="tokens"
          label="Tokens Held"
          extra={`At most ${formatCount(Math.max(most, 0))}: the tokens the owner still retains${editing ? ', plus this holding' : ''}.`}
          rules={[
            { required: true, type: 'number', min: 1, message: 'Tokens held must be a whole number of at least 1' },
          ]}
        >
          <InputNumber min={1} {...groupedWholeNumber} style={{ width: '100%' }} />
        </Form.Item>
        {editing && (
          <Form.Item
            name="reason"
            label="Reason for the change"
            rules={[{ required: true, whitespace: true, message: HOLDER_MESSAGES.reason }]}
          >
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
        )}
        {editing && (
          <Typography.Text type="secondary">The reason is recorded with the change in the audit log.</Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
