import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { useEffect } from 'react';
import { NOT_TAX_COUNTRIES, TAX_PROFILE_MESSAGES } from '@kauri/messages';
import { saveTaxProfile } from '../../api/mutations';
import { incomeQuery, statementUrl, taxProfileQuery } from '../../api/queries';
import type { ElectedRwtRate, IncomeKind, IncomeLine, Residency, TaxProfileInput, TaxYear } from '../../api/types';
import { formatCount, formatDate } from '../../shared/format';
import { showRefusal } from '../../shared/fieldErrors';
import { useToast } from '../../shared/toast';
import { DateField } from '../../shared/ui/DateField';
import { Payment } from './DistributionLines';
import { KIND_LABELS, nzd, nzDay, STATUS_COLOURS, STATUS_LABELS } from './money';

const RATES = ['10.5', '17.5', '30', '33', '39'] as const;
/**
 * Every country or territory by name (ICU's, as the server checks them), but New Zealand: a non-resident's residence
 * for tax is elsewhere. Listed once, when the page's code loads.
 */
const COUNTRIES = (() => {
  const names = new Intl.DisplayNames(['en-NZ'], { type: 'region', fallback: 'none' });
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const out: { value: string; label: string }[] = [];
  for (const a of letters)
    for (const b of letters) {
      const code = a + b;
      const name = code === 'NZ' || NOT_TAX_COUNTRIES.includes(code) ? undefined : names.of(code);
      if (name) out.push({ value: code, label: `${name} (${code})` });
    }
  return out.sort((x, y) => x.label.localeCompare(y.label, 'en-NZ'));
})();
const FIELDS = ['residency', 'irdNumber', 'rwtRate', 'treatyCountry', 'dateOfBirth', 'bankAccount'] as const;

/** /income: the investor's income from the tokens they hold — per distribution and per tax year — and tax profile. */
export function IncomePage() {
  const income = useQuery(incomeQuery);
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        Income
      </Typography.Title>
      <Card title="By tax year (1 April – 31 March)">
        {income.data && income.data.taxYears.length === 0 ? (
          <Empty description="No income yet" />
        ) : (
          <ScrollTable<TaxYear>
            size="small"
            rowKey="taxYear"
            loading={income.isPending}
            dataSource={income.data?.taxYears ?? []}
            pagination={false}
            scroll={{ x: true }}
            columns={[
              { title: 'Tax year', key: 'year', render: (_, y) => `${formatDate(y.from)} – ${formatDate(y.to)}` },
              { title: 'Gross', dataIndex: 'gross', align: 'right', render: nzd },
              { title: 'Imputation credits', dataIndex: 'imputationCredits', align: 'right', render: nzd },
              { title: 'Tax withheld', dataIndex: 'withholdingTax', align: 'right', render: nzd },
              { title: 'Net', dataIndex: 'net', align: 'right', render: nzd },
              {
                title: '',
                key: 'statement',
                render: (_, y) => (
                  <Button size="small" href={statementUrl(y.taxYear)} download>
                    Statement (PDF)
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Card>
      <Card title="By distribution">
        <ScrollTable<IncomeLine>
          size="small"
          rowKey="distributionId"
          loading={income.isPending}
          dataSource={income.data?.lines ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: 'Distributions to the tokens you hold appear here' }}
          columns={[
            { title: 'Asset', dataIndex: 'assetName' },
            { title: 'Kind', dataIndex: 'kind', render: (k: IncomeKind) => KIND_LABELS[k] },
            { title: 'Payment date', dataIndex: 'paymentDate', render: (d: string) => formatDate(d) },
            { title: 'Tokens', dataIndex: 'tokens', align: 'right', render: (n: number) => formatCount(n) },
            { title: 'Gross', dataIndex: 'gross', align: 'right', render: nzd },
            { title: 'Imputation credits', dataIndex: 'imputationCredits', align: 'right', render: nzd },
            {
              title: 'Tax withheld',
              key: 'tax',
              align: 'right',
              render: (_, l) => (l.taxKind === 'none' ? '—' : `${nzd(l.withholdingTax)} ${l.taxKind} ${l.taxRate}%`),
            },
            { title: 'Net', dataIndex: 'net', align: 'right', render: nzd },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (s: IncomeLine['status']) => <Tag color={STATUS_COLOURS[s]}>{STATUS_LABELS[s]}</Tag>,
            },
            {
              title: 'Payment',
              key: 'payment',
              render: (_, l) =>
                l.payment.method ? (
                  <Payment payment={l.payment} explorerUrl={income.data?.chainExplorerUrl ?? null} />
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </Card>
      <TaxProfileCard />
    </Flex>
  );
}

interface ProfileForm {
  residency: Residency;
  irdNumber?: string;
  rwtRate?: ElectedRwtRate;
  treatyCountry?: string;
  dateOfBirth?: string;
  bankAccount?: string;
}

function TaxProfileCard() {
  const profile = useQuery(taxProfileQuery);
  const [form] = Form.useForm<ProfileForm>();
  const residency = Form.useWatch('residency', form);
  const toast = useToast();
  const client = useQueryClient();
  useEffect(() => {
    if (profile.data)
      form.setFieldsValue({
        residency: profile.data.residency,
        irdNumber: profile.data.irdNumber ?? undefined,
        rwtRate: profile.data.rwtRate ?? undefined,
        treatyCountry: profile.data.treatyCountry ?? undefined,
        dateOfBirth: profile.data.dateOfBirth ?? undefined,
        bankAccount: profile.data.bankAccount ?? undefined,
      });
  }, [profile.data, form]);
  const save = useMutation({
    mutationFn: (v: ProfileForm) => {
      const body: TaxProfileInput = {
        residency: v.residency,
        irdNumber: v.irdNumber || null,
        rwtRate: v.residency === 'resident' ? v.rwtRate || null : null,
        treatyCountry: v.residency === 'non-resident' ? v.treatyCountry || null : null,
        dateOfBirth: v.dateOfBirth || null,
        bankAccount: v.bankAccount || null,
      };
      return saveTaxProfile(body);
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['/api/tax-profile'] });
      void toast.success('Tax Profile Saved', 'Tax on your income is withheld by it from the next distribution.');
    },
    onError: (error) => showRefusal(form, error, FIELDS, toast, 'Not Saved'),
  });
  return (
    <Card title="Tax profile">
      <Typography.Paragraph type="secondary">
        Without an IRD number, tax on interest is withheld at the non-declaration rate of 45 %.
      </Typography.Paragraph>
      <Form<ProfileForm>
        form={form}
        layout="vertical"
        initialValues={{ residency: 'resident' }}
        onFinish={(v) => save.mutate(v)}
      >
        <Flex gap={16} wrap>
          <Form.Item name="residency" label="Tax residency">
            <Select
              aria-label="Tax residency"
              style={{ width: 220 }}
              options={[
                { value: 'resident', label: 'New Zealand resident' },
                { value: 'non-resident', label: 'Non-resident' },
              ]}
            />
          </Form.Item>
          <Form.Item name="irdNumber" label="IRD number">
            <Input placeholder="49-091-850" style={{ width: 160 }} />
          </Form.Item>
          {residency !== 'non-resident' ? (
            <Form.Item name="rwtRate" label="RWT rate on interest" tooltip={TAX_PROFILE_MESSAGES.rwtRate}>
              <Select
                aria-label="RWT rate on interest"
                allowClear
                style={{ width: 160 }}
                options={RATES.map((r) => ({ value: r, label: `${r} %` }))}
              />
            </Form.Item>
          ) : (
            <Form.Item name="treatyCountry" label="Country of tax residence">
              <Select
                aria-label="Country of tax residence"
                showSearch
                allowClear
                optionFilterProp="label"
                placeholder="Australia (AU)"
                style={{ width: 260 }}
                options={COUNTRIES}
              />
            </Form.Item>
          )}
          <Form.Item name="dateOfBirth" label="Date of birth">
            <DateField max={nzDay()} />
          </Form.Item>
          <Form.Item name="bankAccount" label="Bank account for payments">
            <Input placeholder="01-0902-0068389-00" style={{ width: 210 }} />
          </Form.Item>
        </Flex>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save tax profile
        </Button>
      </Form>
    </Card>
  );
}
