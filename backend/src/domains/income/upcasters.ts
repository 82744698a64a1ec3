import type { UpcasterTable } from '../../platform/event-store/upcasters.js';
import type { DistributionEvent } from './events.js';

/** A distribution's old event shapes (listed in domains/upcasters.ts). */
export const incomeUpcasters: UpcasterTable<DistributionEvent['type']> = {
  /**
   * DistributionFundingStarted v1 was asked of the provider in one call that created and confirmed the payment, whose
   * id was never recorded (`charge-at-once`); v2 attempts record their payment before confirming it (`intent-first`).
   */
  DistributionFundingStarted: [(data) => ({ ...(data as object), flow: 'charge-at-once' })],
};
