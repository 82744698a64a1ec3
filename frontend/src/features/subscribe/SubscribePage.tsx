import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Flex, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { ERROR_TITLES } from '@kauri/messages';
import { ApiError, describeError, errorTitle } from '../../api/client';
import { changePlan, createSubscription, type MonthlyTier } from '../../api/mutations';
import { assetsQuery, billingQuery, plansQuery } from '../../api/queries';
import type { BillingOverview, CreatedSubscription, Plan, Tier, User } from '../../api/types';
import { useBillingRefresh } from '../../api/useBillingRefresh';
import { formatDate, formatPayment } from '../../shared/format';
import { appPath } from '../../shared/appPath';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { useToast } from '../../shared/toast';
import { PaymentStep } from './PaymentStep';
import { PlanCards, type PlanAction } from './PlanCards';
import { planPrice } from '../../shared/format';
import { PAYMENT_RETURN_PATH, rememberSubscribingTo } from './paymentReturn';

type Checkout = { plan: Plan; checkout: CreatedSubscription & { clientSecret: string } };

/**
 * Signed-in /subscribe (docs/specification.md §2, §4 "Subscribe flow"): choose a plan, create the subscription, pay with
 * the client secret, then home via /?subscription=success. Back clears the choice and the secret.
 */
export function SubscribePage({ user }: { user: User }) {
  const plans = useQuery(plansQuery);
  const toast = useToast();
  const navigate = useNavigate();
  const [payment, setPayment] = useState<Checkout | null>(null);
  const billing = useQuery(billingQuery);
  const assets = useQuery(assetsQuery);
  const refreshBilling = useBillingRefresh();
  const [changingTo, setChangingTo] = useState<Plan | null>(null);
  const running = runningMonthlyPlan(user, billing.data, plans.data ?? []);

  const change = useMutation({
    // Only to a monthly plan (see choose below), and the monthly plans are the tiers a change takes.
    mutationFn: (tier: Tier) => changePlan(tier as MonthlyTier),
    onSuccess: async (changed) => {
      const plan = plans.data!.find((p) => p.tier === changed.tier)!;
      const settled =
        changed.proration > 0
          ? ` ${formatPayment(changed.proration)} was charged for the rest of this period.`
          : changed.proration < 0
            ? ` ${formatPayment(-changed.proration)} is credited to your next invoices.`
            : '';
      setChangingTo(null);
      await refreshBilling();
      toast.success('Plan Changed', `You are now on the ${plan.name} plan.${settled}`);
      await navigate({ to: appPath('/billing') });
    },
    onError: (error) => {
      setChangingTo(null);
      toast.error(errorTitle(error, ERROR_TITLES.planChangeFailed), describeError(error));
    },
  });

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
        toast.error(ERROR_TITLES.paymentRequired, 'Please complete the payment to activate your subscription.');
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
        toast.error(ERROR_TITLES.subscriptionFailed, error.body.message);
      } else {
        toast.error(ERROR_TITLES.subscriptionFailed, 'Failed to create subscription. Please try again.');
      }
    },
  });

  if (payment) {
    return (
      <Page>
        <PaymentStep
          plan={payment.plan}
          checkout={payment.checkout}
          emailVerified={user.emailVerified}
          onBack={() => setPayment(null)}
          onPaid={() => finish(payment.plan)}
        />
      </Page>
    );
  }

  const active = user.subscriptionStatus === 'active' ? user.subscriptionTier : null;
  const actionFor = (plan: Plan): PlanAction => {
    if (user.subscriptionStatus === 'past_due')
      return { label: `Choose ${plan.name}`, disabledReason: 'Update your payment method on the billing page first' };
    if (plan.tier === active && !billing.data?.cancelAtPeriodEnd)
      return { label: 'Current Plan', disabledReason: 'This is your current plan' };
    if (running && plan.billing === 'one-time')
      return {
        label: `Choose ${plan.name}`,
        disabledReason: 'Starter is a one-time plan: cancel your monthly plan first, then buy Starter',
      };
    if (running)
      return { label: `${plan.price > running.price ? 'Upgrade' : 'Downgrade'} to ${plan.name}`, disabledReason: null };
    if (active === 'starter' && plan.billing === 'monthly')
      return { label: `Upgrade to ${plan.name}`, disabledReason: null };
    return { label: `Choose ${plan.name}`, disabledReason: null };
  };
  const choose = (tier: Tier) => {
    const plan = plans.data!.find((p) => p.tier === tier)!;
    // A running monthly plan moves to the other tier (prorated); anything else is a new checkout.
    if (running && plan.billing === 'monthly') setChangingTo(plan);
    else start.mutate(tier);
  };
  return (
    <Page>
      <Flex vertical gap={8} align="center" style={{ textAlign: 'center' }}>
        <Typography.Title level={1} style={{ margin: 0 }}>
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
          actionFor={actionFor}
          choosing={start.isPending ? (start.variables ?? null) : change.isPending ? (change.variables ?? null) : null}
          onChoose={choose}
        />
      )}
      {changingTo && running && (
        <ChangePlanDialog
          from={running}
          to={changingTo}
          billing={billing.data!}
          assetCount={assets.data?.length ?? 0}
          pending={change.isPending}
          onConfirm={() => change.mutate(changingTo.tier)}
          onCancel={() => setChangingTo(null)}
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

/** The user's monthly plan when it runs and is not set to end: the one a plan change moves. */
function runningMonthlyPlan(user: User, billing: BillingOverview | undefined, plans: Plan[]): Plan | null {
  if (user.subscriptionStatus !== 'active' || !billing || billing.cancelAtPeriodEnd) return null;
  const plan = plans.find((p) => p.tier === user.subscriptionTier);
  return plan?.billing === 'monthly' ? plan : null;
}

/**
 * Confirms an upgrade or downgrade: the new price, how the rest of the period is settled, and — for a
 * downgrade below the owner's asset count — that their assets stay but no new one can be started.
 */
function ChangePlanDialog({
  from,
  to,
  billing,
  assetCount,
  pending,
  onConfirm,
  onCancel,
}: {
  from: Plan;
  to: Plan;
  billing: BillingOverview;
  assetCount: number;
  pending: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const upgrade = to.price > from.price;
  const verb = upgrade ? 'Upgrade' : 'Downgrade';
  const limit = to.limits.maxAssets;
  return (
    <Modal
      open
      title={`${verb} to ${to.name}?`}
      okText={verb}
      cancelText="Keep My Plan"
      confirmLoading={pending}
      onOk={onConfirm}
      onCancel={onCancel}
    >
      <Flex vertical gap={12}>
        <Typography.Text>
          {to.name}: {planPrice(to)} from today
          {billing.currentPeriodEnd
            ? `; your plan renews on ${formatDate(billing.currentPeriodEnd)} at the new price.`
            : '.'}
        </Typography.Text>
        <Typography.Text>
          {upgrade
            ? `The difference for the rest of this period is charged now to your card on file.`
            : `The unused part of this period is credited to your next invoices.`}
        </Typography.Text>
        {limit !== null && assetCount > limit && (
          <Alert
            type="warning"
            showIcon
            title={`You have ${assetCount} assets; ${to.name} covers ${limit}.`}
            description="Your assets all stay, but you cannot start another one until you upgrade again."
          />
        )}
      </Flex>
    </Modal>
  );
}
