import { CreditCardOutlined, FileTextOutlined, HistoryOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Popconfirm, Row, Tag, Typography, theme } from 'antd';
import { billingPortalUrl, cancelSubscription } from '../../api/mutations';
import { billingQuery, plansQuery } from '../../api/queries';
import type { BillingOverview, Plan, SubscriptionStatusName } from '../../api/types';
import { describeError } from '../../api/client';
import { formatDate } from '../../shared/format';
import { contact } from '../../shared/contact';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { FeatureList } from '../../shared/ui/FeatureList';
import { appPath } from '../../shared/appPath';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { planPrice } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { BillingHistory } from './BillingHistory';
import { useBillingRefresh } from '../../api/useBillingRefresh';
import { WhyDisabled } from '../../shared/ui/WhyDisabled';

const statusTags: Record<SubscriptionStatusName, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  past_due: { label: 'Past due', color: 'orange' },
  incomplete: { label: 'Awaiting payment', color: 'gold' },
  canceled: { label: 'Canceled', color: 'default' },
  inactive: { label: 'No plan', color: 'default' },
};

/** docs/specification.md §2 "Billing & Subscription": current plan, its features, quick actions, help, and the history. */
export function BillingPage() {
  const billing = useQuery(billingQuery);
  const plans = useQuery(plansQuery);
  if (billing.isPending || plans.isPending) return <PageSpinner />;
  if (billing.isError || plans.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="Billing could not be loaded"
        description="Please reload the page."
        style={{ margin: 32 }}
      />
    );
  const plan = plans.data.find((p) => p.tier === billing.data.tier) ?? null;

  return (
    <Flex vertical gap={24} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px' }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        Billing &amp; Subscription
      </Typography.Title>
      {billing.data.status === 'past_due' && (
        <Alert
          type="error"
          showIcon
          title="Your last payment failed"
          description={`${billing.data.lastPaymentError ?? 'The card was declined.'} Update your payment method to keep creating tokens.`}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <CurrentPlan billing={billing.data} plan={plan} />
        </Col>
        <Col xs={24} lg={10}>
          <Flex vertical gap={16}>
            <QuickActions enabled={billing.data.tier !== null} />
            <Help />
          </Flex>
        </Col>
      </Row>
      <Card title="Billing History">
        <BillingHistory history={billing.data.history} plans={plans.data} />
      </Card>
    </Flex>
  );
}

function CurrentPlan({ billing, plan }: { billing: BillingOverview; plan: Plan | null }) {
  const { token } = theme.useToken();
  const toast = useToast();
  const refresh = useBillingRefresh();
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async () => {
      await refresh();
      toast.success(
        'Subscription Canceled',
        'Your subscription remains active until the end of the current billing period.',
      );
    },
    onError: () => toast.error('Error', 'Failed to cancel subscription'),
  });

  if (!plan) {
    return (
      <Card title="Current Plan">
        <Flex vertical gap={16} align="flex-start">
          <Typography.Text>
            You are on the free account: you can use the calculators and compliance checklists. A plan is needed to
            create tokens.
          </Typography.Text>
          <ButtonLink to={appPath('/subscribe')} color="primary" variant="solid">
            View Plans
          </ButtonLink>
        </Flex>
      </Card>
    );
  }

  const status = statusTags[billing.status];
  const monthly = plan.billing === 'monthly';
  const cancellable =
    monthly && (billing.status === 'active' || billing.status === 'past_due') && !billing.cancelAtPeriodEnd;
  return (
    <Card
      title="Current Plan"
      extra={<Tag color={status.color}>{status.label}</Tag>}
      aria-label="Current plan"
      style={{ height: '100%' }}
    >
      <Flex vertical gap={16}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {plan.name}
          </Typography.Title>
          <Typography.Text style={{ fontSize: token.fontSizeLG }}>{planPrice(plan)}</Typography.Text>
        </div>
        {monthly && billing.currentPeriodEnd && billing.status !== 'canceled' && (
          <Typography.Text strong>
            {billing.cancelAtPeriodEnd
              ? `Expires on ${formatDate(billing.currentPeriodEnd)}`
              : `Renews on ${formatDate(billing.currentPeriodEnd)}`}
          </Typography.Text>
        )}
        {!monthly && <Typography.Text type="secondary">Paid once; no renewals.</Typography.Text>}
        <FeatureList items={plan.features} header={<Typography.Text strong>Plan features</Typography.Text>} />
        <Flex gap={8} wrap>
          <ButtonLink to={appPath('/subscribe')}>Change Plan</ButtonLink>
          {cancellable && (
            <Popconfirm
              title="Cancel your subscription?"
              description="It stays active until the end of the current billing period, then ends."
              okText="Cancel Subscription"
              cancelText="Keep Plan"
              okButtonProps={{ danger: true }}
              onConfirm={() => cancel.mutateAsync().catch(() => undefined)}
            >
              <Button danger loading={cancel.isPending}>
                Cancel Subscription
              </Button>
            </Popconfirm>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

/** Download Invoice, Update Payment Method, View Billing History: each opens the provider's portal in a new tab. */
function QuickActions({ enabled }: { enabled: boolean }) {
  const toast = useToast();
  const portal = useMutation({
    mutationFn: billingPortalUrl,
    onSuccess: ({ url }) => void window.open(url, '_blank', 'noopener'),
    onError: (error) => toast.error('Error', describeError(error)),
  });
  const actions = [
    { label: 'Download Invoice', icon: <FileTextOutlined /> },
    { label: 'Update Payment Method', icon: <CreditCardOutlined /> },
    { label: 'View Billing History', icon: <HistoryOutlined /> },
  ];
  return (
    <Card title="Quick Actions">
      <Flex vertical gap={8}>
        {actions.map(({ label, icon }) => (
          <WhyDisabled key={label} reason={enabled ? null : 'Choose a plan first: there are no invoices yet'} block>
            <Button
              icon={icon}
              block
              disabled={!enabled || portal.isPending}
              onClick={() => portal.mutate()}
              style={{ justifyContent: 'flex-start' }}
            >
              {label}
            </Button>
          </WhyDisabled>
        ))}
      </Flex>
    </Card>
  );
}

function Help() {
  return (
    <Card title="Need Help?">
      <Typography.Paragraph>
        Questions about your plan, an invoice or a payment? Our team answers within one business day.
      </Typography.Paragraph>
      <Flex vertical gap={4}>
        <Typography.Link underline href={`mailto:${contact.email}?subject=Billing`}>
          {contact.email}
        </Typography.Link>
        <Typography.Text>{contact.phone}</Typography.Text>
      </Flex>
    </Card>
  );
}
