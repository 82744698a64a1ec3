import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { ASSET_MESSAGES } from '@kauri/messages';
import { ApiError, describeError, errorTitle } from '../../api/client';
import { createAsset } from '../../api/mutations';
import type { Asset, AssetInput } from '../../api/types';
import { groupedWholeNumber } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { useAssetRefresh } from '../../api/useAssetRefresh';

export const assetTypes = [
  { value: 'property', label: 'Property' },
  { value: 'business', label: 'Business' },
  { value: 'startup', label: 'Startup' },
] as const;

const EMPTY: AssetInput = {
  name: '',
  description: '',
  assetType: 'property',
  address: '',
  totalValue: 0,
  tokenCount: 0,
};

/**
 * Step 1 (docs/specification.md §2, §5 Asset form): creates the draft and moves the wizard to step 2. Read-only once saved.
 * `carried`: details from the property calculator's analysis, filled in for the owner to check and save.
 */
export function AssetDetailsStep({
  asset,
  carried = null,
  onCreated,
}: {
  asset: Asset | null;
  carried?: Partial<AssetInput> | null;
  onCreated(assetId: string): void;
}) {
  const [form] = Form.useForm<AssetInput>();
  const toast = useToast();
  const refresh = useAssetRefresh();
  const create = useMutation({
    mutationFn: async (input: AssetInput) => {
      const { id } = await createAsset(input);
      await refresh();
      return id;
    },
    onSuccess: onCreated,
    onError: (error) => {
      if (error instanceof ApiError)
        form.setFields(
          error.fieldErrors
            .filter((e) => e.field in form.getFieldsValue(true))
            .map((e) => ({ name: e.field as keyof AssetInput, errors: [e.message] })),
        );
      toast.error(errorTitle(error, 'Error'), describeError(error));
    },
  });
  const saved = asset !== null;
  // docs/specification.md §5: unparsable numbers fall back to 0; the token count is read as an integer.
  const toNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

  return (
    <Form
      form={form}
      name="asset-details"
      layout="vertical"
      disabled={saved || create.isPending}
      initialValues={
        asset ??
        (carried
          ? { ...EMPTY, ...Object.fromEntries(Object.entries(carried).filter(([, v]) => v !== undefined)) }
          : EMPTY)
      }
      onFinish={(values) =>
        create.mutate({
          ...values,
          address: values.address?.trim() || undefined,
          totalValue: toNumber(values.totalValue),
          tokenCount: Math.trunc(toNumber(values.tokenCount)),
        })
      }
    >
      {carried && !saved && (
        <Alert
          type="info"
          showIcon
          title="Filled in from your property analysis"
          description="Check the details (the value is the calculator's estimate) and save to create the draft."
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label="Asset Name"
            rules={[{ required: true, whitespace: true, message: ASSET_MESSAGES.name }]}
          >
            <Input placeholder="Harbour View Apartments" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="assetType" label="Asset Type" rules={[{ required: true, message: 'Required' }]}>
            <Select options={assetTypes as unknown as { value: string; label: string }[]} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="description"
        label="Description"
        rules={[{ required: true, min: 10, message: ASSET_MESSAGES.description }]}
      >
        <Input.TextArea rows={3} placeholder="What the asset is, where, and what makes it worth investing in" />
      </Form.Item>
      <Form.Item name="address" label="Address (optional)">
        <Input placeholder="1 The Strand, Tauranga" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="totalValue"
            label="Total Value (NZD)"
            rules={[{ type: 'number', min: 1, message: ASSET_MESSAGES.totalValue }]}
          >
            <InputNumber min={0} {...groupedWholeNumber} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="tokenCount"
            label="Token Count"
            rules={[{ type: 'number', min: 1, message: ASSET_MESSAGES.tokenCount }]}
          >
            <InputNumber min={0} {...groupedWholeNumber} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {!saved && (
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Save and Continue
        </Button>
      )}
    </Form>
  );
}
