/**
 * Where a confirmed payment lands (spec §7): the home page at /?subscription=success. The tier is kept
 * in session storage across the hop, because Stripe may send the browser away to confirm and back.
 */
const TIER_KEY = 'kauri.subscribingTo';

export const PAYMENT_RETURN_PATH = '/?subscription=success';

export function paymentReturnUrl(): string {
  return `${window.location.origin}${PAYMENT_RETURN_PATH}`;
}

export function rememberSubscribingTo(planName: string): void {
  sessionStorage.setItem(TIER_KEY, planName);
}

/** Reads and clears the return marker: the plan's name when this page load is a payment return. */
export function takePaymentReturn(): { planName: string; failed: boolean } | null {
  const params = new URLSearchParams(window.location.search);
  if (params.get('subscription') !== 'success') return null;
  const planName = sessionStorage.getItem(TIER_KEY) ?? 'your';
  sessionStorage.removeItem(TIER_KEY);
  // Stripe appends the outcome of a redirect-based confirmation.
  const failed = params.get('redirect_status') === 'failed';
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.hash);
  return { planName, failed };
}
