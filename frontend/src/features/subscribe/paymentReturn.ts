/**
 * Where a confirmed payment lands (docs/specification.md §7): the home page at /?subscription=success. The tier is kept
 * in session storage across the hop, because Stripe may send the browser away to confirm and back.
 */
import type { HomeSearch } from '../../shared/search';

const TIER_KEY = 'kauri.subscribingTo';

export const PAYMENT_RETURN_PATH = '/?subscription=success';

export function paymentReturnUrl(): string {
  return `${window.location.origin}${PAYMENT_RETURN_PATH}`;
}

export function rememberSubscribingTo(planName: string): void {
  sessionStorage.setItem(TIER_KEY, planName);
}

/** Reads and forgets the plan remembered before paying. */
export function takeSubscribingTo(): string | null {
  const planName = sessionStorage.getItem(TIER_KEY);
  sessionStorage.removeItem(TIER_KEY);
  return planName;
}

export interface PaymentReturn {
  planName: string;
  failed: boolean;
}

/**
 * The outcome to announce when this visit of the home page is a payment return, else null. The plan's name
 * is taken (and forgotten) only on a return.
 */
export function paymentReturn(search: HomeSearch, takePlanName: () => string | null): PaymentReturn | null {
  if (search.subscription !== 'success') return null;
  // Stripe appends the outcome of a redirect-based confirmation.
  return { planName: takePlanName() ?? 'your', failed: search.redirect_status === 'failed' };
}
