import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { Button, Flex } from 'antd';
import { useState } from 'react';

/**
 * Stripe's Payment Element and its pay button, inside an `<Elements>`: the button waits for Stripe.js, then runs `pay`
 * with it, busy meanwhile. What paying means (confirming an intent in the browser, or making a payment method the
 * server confirms) is the caller's. Imported only by the Stripe forms, which load only in Stripe mode.
 */
export function PaymentElementForm({
  payLabel,
  pay,
}: {
  payLabel: string;
  pay(stripe: Stripe, elements: StripeElements): Promise<unknown>;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      await pay(stripe, elements);
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
        onClick={() => void run()}
      >
        {payLabel}
      </Button>
    </Flex>
  );
}
