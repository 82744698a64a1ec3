import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Flex, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { createSubscription } from '../../api/mutations';
import { plansQuery } from '../../api/queries';
import type { CreatedSubscription, Plan, Tier, User } from '../../api/types';
import { appPath } from '../layout/appPath';
import { PageSpinner } from '../layout/PageSpinner';
import { useToast } from '../toast';
import { PaymentStep } from './PaymentStep';
import { PlanCards } from './PlanCards';
import { PAYMENT_RETURN_PATH, rememberSubscribingTo } from './paymentReturn';

type Checkout = { plan: Plan; checkout: CreatedSubscription & { clientSecret: string } };

/**
 * Signed-in /subscribe (spec §2, §4 "Subscribe flow"): choose a plan, create the subscription, pay with
 * the client secret, then home via /?subscription=success. Back clears the choice and the secret.
 */
export function SubscribePage({ user }: { user: User }) {
  const plans = useQuery(plansQuery);
  const toast = useToast();
  const navigate = useNavigate();
  const [payment, setPayment] = useState<Checkout | null>(null);

  // Home confirms the payment and reads the plan again (usePaymentReturnNotice).
  const finish = async (plan: Plan) => {
    rememberSubscribingTo(plan.name);
    await navigate({ href: PAYMENT_RETURN_PATH });
  };

  const start = useMutation({
    mutationFn: (tier: Tier) => createSubscription(tier),
    onSuccess: async (checkout, tier) => {
      const plan = plans.data!.find((p) => p.tier === tier)!;
      // Nothing to pay (an early-access Starter): the plan is active already.
      if (checkout.status === 'active') return finish(plan);
      if (!checkout.clientSecret) {
        toast.error('Payment Required', 'Please complete the payment to activate your subscription.');
        return;
      }
      setPayment({ plan, checkout: { ...checkout, clientSecret: checkout.clientSecret } });
    },
    onError: (error) => {
      setPayment(null);
      if (/401|Unauthorized/.test(error.message)) {
        toast.error('Authentication Required', 'Please sign in to subscribe to a plan.');
        setTimeout(() => void navigate({ to: appPath('/auth') }), 1500);
      } else if (error instanceof ApiError && error.status === 409 && error.body) {
        // A plan that is already running: the server says which, which helps more than "try again".
        toast.error('Subscription Failed', error.body.message);
      } else {
        toast.error('Subscription Failed', 'Failed to create subscription. Please try again.');
      }
    },
  });

  if (payment) {
    return (
      <Page>
        <PaymentStep
          plan={payment.plan}
          checkout={payment.checkout}
          onBack={() => setPayment(null)}
          onPaid={() => finish(payment.plan)}
        />
      </Page>
    );
  }

  const active = user.subscriptionStatus === 'active' ? user.subscriptionTier : null;
  return (
    <Page>
      <Flex vertical gap={8} align="center" style={{ textAlign: 'center' }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Choose Your Plan
        </Typography.Title>
        <Typography.Text type="secondary">
          Prices in NZD. Monthly plans renew each month until you cancel; the plan stays active to the end of the
          period.
        </Typography.Text>
      </Flex>
      {user.subscriptionStatus === 'past_due' && (
        <Alert
          type="error"
          showIcon
          title="Your last payment failed"
          description="Update your payment method on the billing page to keep creating tokens."
        />
      )}
      {plans.isPending ? (
        <PageSpinner />
      ) : plans.isError ? (
        <Alert type="error" showIcon title="The plans could not be loaded" description="Please reload the page." />
      ) : (
        <PlanCards
          plans={plans.data}
          current={active}
          choosing={start.isPending ? (start.variables ?? null) : null}
          onChoose={(tier) => start.mutate(tier)}
        />
      )}
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Flex vertical gap={24} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px' }}>
      {children}
    </Flex>
  );
}
