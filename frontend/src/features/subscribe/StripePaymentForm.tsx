import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { ERROR_TITLES } from '@kauri/messages';
import { stripeFor } from '../../shared/payments/stripe';
import { useToast } from '../../shared/toast';
import { paymentReturnUrl } from './paymentReturn';

interface Props {
  publishableKey: string;
  clientSecret: string;
  /** 'setup' when nothing is due today (a free first month): the card is saved for the renewals. */
  intent: 'payment' | 'setup';
  payLabel: string;
  onPaid(): Promise<void>;
}

/**
 * Stripe's Payment Element, confirmed in the browser (docs/specification.md §7): card details go to Stripe only, and a
 * payment method that needs a redirect comes back to /?subscription=success. Loaded only in Stripe mode.
 */
export default function StripePaymentForm({ publishableKey, clientSecret, ...rest }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <ConfirmForm {...rest} />
    </Elements>
  );
}

function ConfirmForm({ intent, payLabel, onPaid }: Omit<Props, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const confirmParams = { return_url: paymentReturnUrl() };
      const { error } =
        intent === 'setup'
          ? await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' })
          : await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
      if (error) toast.error(ERROR_TITLES.paymentFailed, error.message ?? 'The payment was not completed.');
      else await onPaid();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <PaymentElement />
      <Button
        type="primary"
        size="large"
        block
        loading={busy}
        disabled={!stripe || !elements}
        onClick={() => void confirm()}
      >
        {payLabel}
      </Button>
    </Flex>
  );
}
