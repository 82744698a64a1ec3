import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  type FormInstance,
  Input,
  Modal,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { DISTRIBUTION_MESSAGES } from '@kauri/messages';
import { ApiError, describeError, errorTitle } from '../../api/client';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { cancelDistribution, declareDistribution, fundDistribution, previewDistribution } from '../../api/mutations';
import { assetQuery, billingQuery, distributionQuery, distributionsQuery, payerReportUrl } from '../../api/queries';
import type {
  DistributionInput,
  DistributionPreview,
  DistributionSummary,
  FundingPayment,
  IncomeKind,
} from '../../api/types';
import { formatDate } from '../../shared/format';
import { showRefusal } from '../../shared/fieldErrors';
import { useToast } from '../../shared/toast';
import { DateField } from '../../shared/ui/DateField';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { DistributionLines } from './DistributionLines';
import { cents, KIND_LABELS, nzd, nzDay, STATUS_COLOURS, STATUS_LABELS } from './money';

const FIELDS = ['kind', 'amount', 'recordDate', 'paymentDate', 'imputationCredits'] as const;

// Stripe.js and its React bindings load only when Stripe is the provider.
const StripeFundingForm = lazy(() => import('./StripeFundingForm'));

interface DeclareForm {
  kind: IncomeKind;
  amount: string;
  recordDate: string;
  paymentDate: string;
  imputationCredits?: string;
}

const input = (v: DeclareForm): DistributionInput => ({
  kind: v.kind,
  amount: v.amount,
  recordDate: v.recordDate,
  paymentDate: v.paymentDate,
  imputationCredits: v.kind === 'dividend' && v.imputationCredits ? v.imputationCredits : null,
});

/**
 * /assets/$assetId/distributions: the owner declares income to the token's holders — a preview of every line
 * first — funds it once an admin approved it, and follows it to paid.
 */
export function DistributionsPage({ assetId }: { assetId: string }) {
  const asset = useQuery(assetQuery(assetId));
  const list = useQuery(distributionsQuery(assetId));
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        Distributions{asset.data ? ` — ${asset.data.name}` : ''}
      </Typography.Title>
      <DeclareCard assetId={assetId} onDeclared={setOpen} />
      <Card
        title="Declared"
        extra={
          <Button href={payerReportUrl(nzDay().slice(0, 7))} download>
            This month’s investment income report
          </Button>
        }
      >
        <ScrollTable<DistributionSummary>
          size="small"
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data?.distributions ?? []}
          pagination={false}
          scroll={{ x: true }}
          onRow={(d) => ({ onClick: () => setOpen(d.id), style: { cursor: 'pointer' } })}
          columns={[
            { title: 'Kind', dataIndex: 'kind', render: (k: IncomeKind) => KIND_LABELS[k] },
            { title: 'Amount', dataIndex: 'amount', align: 'right', render: nzd },
            { title: 'Record date', dataIndex: 'recordDate', render: (d: string) => formatDate(d) },
            { title: 'Payment date', dataIndex: 'paymentDate', render: (d: string) => formatDate(d) },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (s: DistributionSummary['status']) => <Tag color={STATUS_COLOURS[s]}>{STATUS_LABELS[s]}</Tag>,
            },
            {
              title: '',
              key: 'open',
              render: (_, d) => (
                <Button size="small" onClick={() => setOpen(d.id)}>
                  Open
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {open && <DistributionCard key={open} assetId={assetId} distributionId={open} />}
    </Flex>
  );
}

function DeclareCard({ assetId, onDeclared }: { assetId: string; onDeclared(id: string): void }) {
  const [form] = Form.useForm<DeclareForm>();
  const kind = Form.useWatch('kind', form);
  const toast = useToast();
  const client = useQueryClient();
  const [preview, setPreview] = useState<DistributionPreview | null>(null);
  const failed = (error: Error) => showRefusal(form, error, FIELDS, toast, 'Not Declared');
  const previewing = useMutation({
    mutationFn: (values: DeclareForm) => previewDistribution(assetId, input(values)),
    onSuccess: setPreview,
    onError: (error) => {
      setPreview(null);
      failed(error);
    },
  });
  const declaring = useMutation({
    mutationFn: () => declareDistribution(assetId, input(form.getFieldsValue())),
    onSuccess: async (declared) => {
      setPreview(null);
      form.resetFields();
      await client.invalidateQueries({ queryKey: ['/api/assets', assetId, 'distributions'] });
      onDeclared(declared.id);
      void toast.success('Distribution Declared', 'An admin other than you approves it; then you fund it.');
    },
    onError: failed,
  });
  const today = nzDay();
  return (
    <Card title="Declare a distribution">
      <Form<DeclareForm>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'dividend', recordDate: today, paymentDate: today }}
        onValuesChange={() => setPreview(null)}
        onFinish={(values) => previewing.mutate(values)}
      >
        <Flex gap={16} wrap>
          <Form.Item name="kind" label="Kind" rules={[{ required: true, message: DISTRIBUTION_MESSAGES.kind }]}>
            <Select
              aria-label="Kind"
              style={{ width: 160 }}
              options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label="Total amount (NZD)"
            rules={[{ required: true, message: DISTRIBUTION_MESSAGES.amount }]}
          >
            <Input inputMode="decimal" placeholder="1000.00" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="recordDate"
            label="Record date"
            rules={[{ required: true, message: DISTRIBUTION_MESSAGES.recordDate }]}
          >
            <DateField max={today} />
          </Form.Item>
          <Form.Item
            name="paymentDate"
            label="Payment date"
            rules={[{ required: true, message: DISTRIBUTION_MESSAGES.paymentDate }]}
          >
            <DateField />
          </Form.Item>
          {kind === 'dividend' && (
            <Form.Item name="imputationCredits" label="Imputation credits (NZD)">
              <Input inputMode="decimal" placeholder="0.00" style={{ width: 160 }} />
            </Form.Item>
          )}
        </Flex>
        <Button type="primary" htmlType="submit" loading={previewing.isPending}>
          Preview
        </Button>
      </Form>
      {preview && (
        <Flex vertical gap={12} style={{ marginTop: 16 }}>
          <Typography.Text>
            The holders at the end of {formatDate(preview.recordDate)} (New Zealand time). You fund{' '}
            {nzd(preview.fundingDue)}: every line but your own retained tokens, whose share stays yours.
          </Typography.Text>
          <DistributionLines lines={preview.lines} showPayment={false} />
          <Typography.Text>
            Total {nzd(preview.totals.gross)} · tax withheld {nzd(preview.totals.withheld)} · net{' '}
            {nzd(preview.totals.net)}
          </Typography.Text>
          <Space>
            <Button type="primary" onClick={() => declaring.mutate()} loading={declaring.isPending}>
              Declare
            </Button>
            <Button onClick={() => setPreview(null)}>Change</Button>
          </Space>
        </Flex>
      )}
    </Card>
  );
}

function DistributionCard({ assetId, distributionId }: { assetId: string; distributionId: string }) {
  const query = useQuery(distributionQuery(assetId, distributionId));
  const client = useQueryClient();
  const toast = useToast();
  const [funding, setFunding] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ['/api/assets', assetId, 'distributions'] });
  const cancel = useMutation({
    mutationFn: (reason: string) => cancelDistribution(assetId, distributionId, reason),
    onSuccess: async () => {
      await refresh();
      void toast.success('Distribution Cancelled');
    },
    onError: (error) => void toast.error(errorTitle(error, 'Not Cancelled'), describeError(error)),
  });
  const d = query.data;
  if (!d) return <Card loading />;
  return (
    <Card
      title={`${KIND_LABELS[d.kind]} of ${nzd(d.amount)}`}
      extra={<Tag color={STATUS_COLOURS[d.status]}>{STATUS_LABELS[d.status]}</Tag>}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'record', label: 'Record date', children: formatDate(d.recordDate) },
          { key: 'payment', label: 'Payment date', children: formatDate(d.paymentDate) },
          { key: 'fund', label: 'To fund', children: nzd(d.fundingDue) },
          { key: 'tax', label: 'Tax withheld', children: nzd(d.totals.withheld) },
          { key: 'net', label: 'Net to holders and you', children: nzd(d.totals.net) },
        ]}
      />
      {d.fundingFailure && d.status === 'approved' && (
        <Alert
          type="error"
          showIcon
          message={`The last payment failed: ${d.fundingFailure}`}
          style={{ marginBottom: 12 }}
        />
      )}
      {d.fundingPending && d.status === 'approved' && (
        <Alert
          type="info"
          showIcon
          message="Your card payment is under way"
          description="This distribution shows as funded here once the payment goes through. Do not pay again: Fund checks on it now, and your card is not charged a second time."
          style={{ marginBottom: 12 }}
        />
      )}
      {d.cancelReason && (
        <Alert type="info" showIcon message={`Cancelled: ${d.cancelReason}`} style={{ marginBottom: 12 }} />
      )}
      <DistributionLines lines={d.lines} showPayment explorerUrl={d.chainExplorerUrl} />
      <Space style={{ marginTop: 12 }}>
        {d.status === 'approved' && (
          <Button type="primary" onClick={() => setFunding(true)}>
            Fund {nzd(d.fundingDue)}
          </Button>
        )}
        {(d.status === 'proposed' || d.status === 'approved' || d.status === 'funded') && (
          <Button danger onClick={() => cancel.mutate('Cancelled by the owner')} loading={cancel.isPending}>
            Cancel distribution
          </Button>
        )}
      </Space>
      <FundModal
        open={funding}
        amount={d.fundingDue}
        onClose={() => setFunding(false)}
        onFund={async (payment) => {
          // Refreshed whatever the answer: a payment left under way (409) is shown as such.
          try {
            await fundDistribution(assetId, distributionId, payment);
          } finally {
            await refresh();
          }
        }}
      />
    </Card>
  );
}

interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * The card that funds a distribution: with Stripe, Stripe's Payment Element (the card goes to Stripe only, the server
 * confirms with the payment method it gives); in the sandbox, a form for Stripe's test cards (4242 4242 4242 4242
 * pays, 4000 0000 0000 0002 is declined).
 */
function FundModal({
  open,
  amount,
  onClose,
  onFund,
}: {
  open: boolean;
  amount: string;
  onClose(): void;
  onFund(payment: FundingPayment): Promise<void>;
}) {
  const billing = useQuery({ ...billingQuery, enabled: open });
  const stripe = billing.data?.provider === 'stripe';
  const [form] = Form.useForm<CardForm>();
  const toast = useToast();
  const pay = useMutation({
    mutationFn: onFund,
    onSuccess: () => {
      onClose();
      void toast.success('Distribution Funded', 'It is paid to the holders from the payment date.');
    },
    onError: (error) => {
      // Stripe's form takes the payer through their bank's authentication instead (StripeFundingForm).
      if (!stripe || !authenticationSecret(error))
        showRefusal(form, error, ['number', 'expiry', 'cvc'], toast, 'Payment Failed');
    },
  });
  return (
    <Modal
      open={open}
      title={`Fund ${nzd(amount)}`}
      okText={`Pay ${nzd(amount)}`}
      onOk={() => form.submit()}
      confirmLoading={pay.isPending}
      onCancel={onClose}
      // Stripe's form has its own Pay button (it creates the payment method first).
      footer={stripe ? null : undefined}
      // Stripe's 3D Secure challenge is a frame on the page's body, outside the dialog: a focus trap would pull the
      // payer's every keystroke back into the dialog (stripe/react-stripe-js#318).
      focusable={stripe ? { trap: false } : undefined}
      destroyOnHidden
    >
      {!billing.data ? (
        <PageSpinner />
      ) : stripe ? (
        <Suspense fallback={<PageSpinner />}>
          <StripeFundingForm
            publishableKey={billing.data.publishableKey ?? ''}
            amountCents={cents(amount)}
            payLabel={`Pay ${nzd(amount)}`}
            // A refusal is shown by the mutation; the form needs only the secret a bank's authentication takes.
            onPaymentMethod={(paymentMethodId) =>
              pay.mutateAsync({ paymentMethodId }).then(
                () => null,
                (error: Error) => authenticationSecret(error),
              )
            }
          />
        </Suspense>
      ) : (
        <SandboxFundingForm form={form} onCard={(card) => pay.mutate(card)} />
      )}
    </Modal>
  );
}

/** The payment's client secret when Fund answered that the card's bank asks the payer to authenticate it. */
const authenticationSecret = (error: Error): string | null =>
  (error instanceof ApiError && error.body?.clientSecret) || null;

/** The sandbox's test-card form (its Pay button is the dialog's). */
function SandboxFundingForm({ form, onCard }: { form: FormInstance<CardForm>; onCard(card: CardForm): void }) {
  return (
    <>
      <Typography.Paragraph type="secondary">Test mode: use one of Stripe’s test cards.</Typography.Paragraph>
      <Form<CardForm> form={form} layout="vertical" onFinish={onCard}>
        <Form.Item name="number" label="Card number" rules={[{ required: true }]}>
          <Input autoComplete="cc-number" placeholder="4242 4242 4242 4242" />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name="expiry" label="Expiry (MM/YY)" rules={[{ required: true }]}>
            <Input autoComplete="cc-exp" placeholder="12/34" />
          </Form.Item>
          <Form.Item name="cvc" label="CVC" rules={[{ required: true }]}>
            <Input autoComplete="cc-csc" placeholder="123" />
          </Form.Item>
        </Flex>
      </Form>
    </>
  );
}
