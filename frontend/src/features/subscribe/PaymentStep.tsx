import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { billingQuery } from '../../api/queries';
import type { CreatedSubscription, Plan } from '../../api/types';
import { formatPayment } from '../../shared/format';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { planPrice } from '../../shared/format';
import { SandboxCardForm } from './SandboxCardForm';

// Stripe.js and its React bindings load only when Stripe is the provider.
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

interface Props {
  plan: Plan;
  checkout: CreatedSubscription & { clientSecret: string };
  /** Whether the account's address is confirmed: the early-access waiver applies to a confirmed address only. */
  emailVerified: boolean;
  onBack(): void;
  /** Called once the provider has accepted the payment. */
  onPaid(): Promise<void>;
}

/** docs/specification.md §2 "Subscribe": after choosing a plan, the card-payment page. */
export function PaymentStep({ plan, checkout, emailVerified, onBack, onPaid }: Props) {
  const billing = useQuery(billingQuery);
  const dueToday = formatPayment(checkout.amountDue);
  const payLabel = checkout.amountDue > 0 ? `Pay ${dueToday}` : 'Save Card and Start Subscription';
  const testMode = billing.data?.provider !== 'stripe';

  return (
    <Flex vertical gap={16} style={{ maxWidth: 560, margin: '0 auto', width: '100%' }}>
      <Button type="link" onClick={onBack} style={{ alignSelf: 'flex-start', paddingInline: 0 }}>
        ← Back to Plans
      </Button>
      <Card>
        <Flex justify="space-between" align="flex-start" gap={8} style={{ marginBottom: 16 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Complete Your {plan.name} Subscription
          </Typography.Title>
          {billing.data && testMode && <Tag color="orange">TEST MODE</Tag>}
        </Flex>
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Plan">{planPrice(plan)}</Descriptions.Item>
          <Descriptions.Item label="Due today">{dueToday}</Descriptions.Item>
          {checkout.setupFeeWaived && (
            <Descriptions.Item label="Early access">
              {plan.billing === 'monthly'
                ? 'Your first month is free; renewals are charged monthly.'
                : 'Your setup fee is waived.'}
            </Descriptions.Item>
          )}
          {!checkout.setupFeeWaived && !emailVerified && (
            <Descriptions.Item label="Early access">
              The early-access waiver applies only to a confirmed e-mail address: if you registered interest with this
              address, open the link we e-mailed you (or send it again from your profile) before you pay.
            </Descriptions.Item>
          )}
        </Descriptions>
        {!billing.data ? (
          <PageSpinner />
        ) : testMode ? (
          <SandboxCardForm clientSecret={checkout.clientSecret} payLabel={payLabel} onPaid={onPaid} />
        ) : (
          <Suspense fallback={<PageSpinner />}>
            <StripePaymentForm
              publishableKey={billing.data.publishableKey ?? ''}
              clientSecret={checkout.clientSecret}
              intent={checkout.intent ?? 'payment'}
              payLabel={payLabel}
              onPaid={onPaid}
            />
          </Suspense>
        )}
      </Card>
    </Flex>
  );
}
