import { Elements } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { ERROR_TITLES } from '@kauri/messages';
import { PaymentElementForm } from '../../shared/payments/PaymentElementForm';
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
  const toast = useToast();
  const confirm = async (stripe: Stripe, elements: StripeElements) => {
    const confirmParams = { return_url: paymentReturnUrl() };
    const { error } =
      intent === 'setup'
        ? await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' })
        : await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
    if (error) toast.error(ERROR_TITLES.paymentFailed, error.message ?? 'The payment was not completed.');
    else await onPaid();
  };
  return <PaymentElementForm payLabel={payLabel} pay={confirm} />;
}
