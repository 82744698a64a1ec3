import type { UpcasterTable } from '../../platform/event-store/upcasters.js';
import type { BillingEvent } from './events.js';

/** Billing's old event shapes (listed in domains/upcasters.ts). */
export const billingUpcasters: UpcasterTable<BillingEvent['type']> = {
  /**
   * PlanChanged v1 was recorded only from the provider's answer to the user's own change (its amounts always known);
   * v2 may also be recorded from the provider's record of the subscription (`requestedBy: 'provider'`).
   */
  PlanChanged: [(data) => ({ ...(data as object), requestedBy: 'user', providerEventId: null })],
};
