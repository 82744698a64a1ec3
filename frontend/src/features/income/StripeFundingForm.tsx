import { Elements } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { ERROR_TITLES } from '@kauri/messages';
import { PaymentElementForm } from '../../shared/payments/PaymentElementForm';
import { stripeFor } from '../../shared/payments/stripe';
import { useToast } from '../../shared/toast';

interface Props {
  publishableKey: string;
  /** What Fund charges, in cents (the distribution's funding due). */
  amountCents: number;
  payLabel: string;
  /**
   * Given the payment method Stripe created from the card, the server confirms the payment with it. Resolves with the
   * payment's client secret when the card's bank asks the payer to authenticate it first, else null.
   */
  onPaymentMethod(paymentMethodId: string): Promise<string | null>;
}

/**
 * Stripe's Payment Element for funding a distribution: the card goes to Stripe only, which gives back a payment method
 * (`pm_…`); the server confirms the distribution's own payment with it, once, as it does for any card. A bank that asks
 * for authentication (3D Secure) gets it here, in Stripe's own dialog; then the server is asked again and finds the
 * payment taken. Loaded only in Stripe mode (the sandbox has its test-card form).
 */
export default function StripeFundingForm({ publishableKey, amountCents, ...rest }: Props) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      // A card only: the server confirms without redirects (its intent says allow_redirects: never).
      options={{
        mode: 'payment',
        amount: amountCents,
        currency: 'nzd',
        paymentMethodCreation: 'manual',
        allowedPaymentMethodTypes: ['card'],
      }}
    >
      <PayForm {...rest} />
    </Elements>
  );
}

function PayForm({ payLabel, onPaymentMethod }: Omit<Props, 'publishableKey' | 'amountCents'>) {
  const toast = useToast();
  const pay = async (stripe: Stripe, elements: StripeElements) => {
    // The element checks its own fields first (it shows what is missing beside them).
    const checked = await elements.submit();
    if (checked.error) return;
    const { error, paymentMethod } = await stripe.createPaymentMethod({ elements });
    if (error) return toast.error(ERROR_TITLES.paymentFailed, error.message ?? 'The card was not accepted.');
    const clientSecret = await onPaymentMethod(paymentMethod.id);
    if (!clientSecret) return;
    const authenticated = await stripe.handleNextAction({ clientSecret });
    if (authenticated.error)
      return toast.error(
        ERROR_TITLES.paymentFailed,
        authenticated.error.message ?? 'The payment was not authenticated.',
      );
    // Asked again, the server finds the payment taken. A bank still waiting for the payer leaves it unpaid: said here,
    // since the dialog shows no refusal that carries a client secret.
    if (await onPaymentMethod(paymentMethod.id))
      toast.error(ERROR_TITLES.paymentFailed, 'Your bank has not confirmed the payment yet. Please try again.');
  };
  return <PaymentElementForm payLabel={payLabel} pay={pay} />;
}
