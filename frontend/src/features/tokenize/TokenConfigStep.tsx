import { useMutation } from '@tanstack/react-query';
import { Button, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { TOKEN_TERMS_MESSAGES } from '@kauri/messages';
import { ApiError, describeError, errorTitle } from '../../api/client';
import { configureToken } from '../../api/mutations';
import type { Asset, TokenTerms } from '../../api/types';
import { groupedWholeNumber } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { useAssetRefresh } from '../../api/useAssetRefresh';

const networks = [
  { value: 'polygon', label: 'Polygon' },
  { value: 'ethereum', label: 'Ethereum' },
  { value: 'base', label: 'Base' },
];

/** Step 4: the user guide's token-configuration fields; the server checks them again and between each other. */
export function TokenConfigStep({ asset, editable, onSaved }: { asset: Asset; editable: boolean; onSaved(): void }) {
  const [form] = Form.useForm<TokenTerms>();
  const toast = useToast();
  const refresh = useAssetRefresh();
  const save = useMutation({
    mutationFn: async (terms: TokenTerms) => {
      await configureToken(asset.id, terms);
      await refresh();
    },
    onSuccess: () => {
      toast.success('Token Configured', 'The token terms are saved.');
      onSaved();
    },
    onError: (error) => {
      if (error instanceof ApiError)
        form.setFields(error.fieldErrors.map((e) => ({ name: e.field as keyof TokenTerms, errors: [e.message] })));
      toast.error(errorTitle(error, 'Error'), describeError(error));
    },
  });
  const value = asset.valuation?.value ?? asset.totalValue;
  const defaults: TokenTerms = asset.terms ?? {
    symbol: asset.name
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 4)
      .toUpperCase()
      .padEnd(3, 'X'),
    name: `${asset.name} Token`,
    totalSupply: asset.tokenCount,
    decimals: 0,
    price: asset.tokenCount > 0 ? Math.round((value / asset.tokenCount) * 100) / 100 : 1,
    minInvestment: 1000,
    maxInvestment: Math.max(1000, Math.round(value / 10)),
    network: 'polygon',
    lockUpMonths: 12,
    feePercent: 3.5,
  };
  const number = (name: keyof TokenTerms, label: string, props: Record<string, unknown> = {}) => (
    <Col xs={24} sm={12} md={8}>
      <Form.Item name={name} label={label} rules={[{ required: true, message: 'Required' }]}>
        <InputNumber style={{ width: '100%' }} {...props} />
      </Form.Item>
    </Col>
  );

  return (
    <Form
      form={form}
      name="token-terms"
      layout="vertical"
      initialValues={defaults}
      disabled={!editable || save.isPending}
      onFinish={(terms) => save.mutate(terms)}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12} md={8}>
          <Form.Item
            name="symbol"
            label="Symbol"
            normalize={(v: string) => v?.toUpperCase()}
            rules={[
              {
                required: true,
                pattern: /^[A-Z0-9]{3,6}$/,
                message: TOKEN_TERMS_MESSAGES.symbol,
              },
            ]}
          >
            <Input maxLength={6} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={16}>
          <Form.Item
            name="name"
            label="Token Name"
            rules={[{ required: true, min: 2, message: TOKEN_TERMS_MESSAGES.name }]}
          >
            <Input />
          </Form.Item>
        </Col>
        {number('totalSupply', 'Total Supply', { min: 1, ...groupedWholeNumber })}
        {number('decimals', 'Decimals', { min: 0, max: 18, precision: 0 })}
        {number('price', 'Price per Token (NZD)', { min: 0, step: 0.01 })}
        {number('minInvestment', 'Minimum Investment (NZD)', { min: 0, ...groupedWholeNumber })}
        {number('maxInvestment', 'Maximum Investment (NZD)', { min: 0, ...groupedWholeNumber })}
        <Col xs={24} sm={12} md={8}>
          <Form.Item name="network" label="Network">
            <Select options={networks} />
          </Form.Item>
        </Col>
        {number('lockUpMonths', 'Lock-up (months)', { min: 0, max: 120, precision: 0 })}
        {number('feePercent', 'Fees (%)', { min: 0, max: 10, step: 0.1 })}
      </Row>
      {editable && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save Token Configuration
        </Button>
      )}
    </Form>
  );
}
