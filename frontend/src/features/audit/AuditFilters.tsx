import { Button, Card, DatePicker, Form, Grid, Input, Select } from 'antd';
import type { AuditFilter } from '../../api/types';
import { filterOf, filterValues, type FilterValues } from './filters';

/** Event types a reviewer asks about most, offered as suggestions; any type name can be typed. */
const COMMON_TYPES = [
  'UserRegistered',
  'RoleGranted',
  'InterestRegistered',
  'SubscriptionActivated',
  'AssetDrafted',
  'TokenizationApproved',
  'InvestorAdded',
  'VerificationSubmitted',
  'VerificationApproved',
  'VerificationRejected',
  'VerificationExpired',
  'CertificateRevoked',
  'VerificationsClosed',
  'OfferingCreated',
  'InvestmentRequested',
  'InvestmentConfirmed',
  'InvestmentCancelled',
  'PersonalDataForgotten',
  'PersonalDocumentsErased',
  'LateUploadErased',
  'AuditViewed',
];

export function AuditFilters({ filter, onApply }: { filter: AuditFilter; onApply: (filter: AuditFilter) => void }) {
  const [form] = Form.useForm<FilterValues>();
  // Inline on wide screens; stacked on a phone, where the range picker alone is wider than the screen.
  const inline = Grid.useBreakpoint().md ?? true;
  const width = inline ? 220 : '100%';
  return (
    <Card title="Filters" size="small">
      <Form
        form={form}
        layout={inline ? 'inline' : 'vertical'}
        initialValues={filterValues(filter)}
        onFinish={(v) => onApply(filterOf(v))}
        style={{ rowGap: 12 }}
      >
        <Form.Item name="stream" label="Aggregate or stream">
          <Input placeholder="offering- or asset-7f3c…" allowClear style={{ width }} />
        </Form.Item>
        <Form.Item name="type" label="Event type">
          <Select
            aria-label="Event type"
            placeholder="Any"
            allowClear
            showSearch
            style={{ width }}
            options={COMMON_TYPES.map((t) => ({ value: t, label: t }))}
          />
        </Form.Item>
        <Form.Item name="actor" label="Acting user">
          <Input placeholder="e-mail, user id, system:…" allowClear style={{ width }} />
        </Form.Item>
        <Form.Item name="range" label="Time range (NZ time)">
          <DatePicker.RangePicker
            aria-label="Time range"
            showTime
            allowEmpty={[true, true]}
            style={{ width: inline ? undefined : '100%' }}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            Apply Filters
          </Button>
        </Form.Item>
        <Form.Item>
          <Button
            onClick={() => {
              // Not resetFields: that would go back to the filter the page opened with.
              form.setFieldsValue(filterValues({}));
              onApply({});
            }}
          >
            Clear
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
