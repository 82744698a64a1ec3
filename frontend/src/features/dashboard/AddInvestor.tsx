import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { describeError, errorTitle } from '../../api/client';
import { addInvestor } from '../../api/mutations';
import type { Asset } from '../../api/types';
import { groupedWholeNumber } from '../format';
import { useToast } from '../toast';
import { useAssetRefresh } from '../tokenize/useAssetRefresh';

interface InvestorForm {
  assetId: string;
  name: string;
  email?: string;
  tokens: number;
}

/** 'Add Investor' records a holder of tokens kept off-platform on an asset's cap table (within the plan's limit). */
export function AddInvestor({ assets }: { assets: Asset[] }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<InvestorForm>();
  const toast = useToast();
  const refresh = useAssetRefresh();
  const add = useMutation({
    mutationFn: async ({ assetId, ...investor }: InvestorForm) => {
      await addInvestor(assetId, { ...investor, email: investor.email || undefined });
      await refresh();
    },
    onSuccess: () => {
      setOpen(false);
      form.resetFields();
      toast.success('Investor Added', 'The cap table is updated.');
    },
    onError: (error) => toast.error(errorTitle(error, 'Error'), describeError(error)),
  });
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={assets.length === 0}>
        Add Investor
      </Button>
      <Modal
        open={open}
        title="Add Investor"
        okText="Add Investor"
        confirmLoading={add.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          name="add-investor"
          layout="vertical"
          initialValues={{ assetId: assets[0]?.id }}
          onFinish={(v) => add.mutate(v)}
        >
          <Form.Item name="assetId" label="Asset" rules={[{ required: true, message: 'Required' }]}>
            <Select options={assets.map((a) => ({ value: a.id, label: a.name }))} />
          </Form.Item>
          <Form.Item
            name="name"
            label="Investor Name"
            rules={[{ required: true, min: 2, message: 'Investor name is required' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="email"
            label="Email (optional)"
            rules={[{ type: 'email', message: 'Please enter a valid email address' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="tokens"
            label="Tokens Held"
            rules={[
              { required: true, type: 'number', min: 1, message: 'Tokens held must be a whole number of at least 1' },
            ]}
          >
            <InputNumber min={1} {...groupedWholeNumber} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
