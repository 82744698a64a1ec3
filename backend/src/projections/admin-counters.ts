import type { OfferingEvent } from '../domains/offerings/events.js';
import { type WholesaleEvent, WHOLESALE_EVENT_TYPES } from '../domains/wholesale/events.js';
import type { RegisterFigures } from '../domains/register/figures.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import { upcasters } from '../domains/upcasters.js';

/** The admin page's four counters (docs/specification.md §2): pending, verified, rejected verifications and active offerings. */
export interface AdminCountersDoc {
  _id: 'counters';
  pending: number;
  verified: number;
  rejected: number;
  activeOfferings: number;
}

const EVENT_TYPES = [...WHOLESALE_EVENT_TYPES, 'OfferingCreated', 'OfferingClosed'] as const satisfies (
  | WholesaleEvent
  | OfferingEvent
)['type'][];
type Handled = Extract<WholesaleEvent | OfferingEvent, { type: (typeof EVENT_TYPES)[number] }>;

export const adminCountersProjection = defineProjection<AdminCountersDoc, Handled>({
  upcasters,
  name: 'admin-counters',
  version: 1,
  eventTypes: EVENT_TYPES,
  keys: () => ['counters'],
  evolve(doc, event) {
    const c: AdminCountersDoc = doc ?? { _id: 'counters', pending: 0, verified: 0, rejected: 0, activeOfferings: 0 };
    switch (event.type) {
      case 'VerificationSubmitted':
        return { ...c, pending: c.pending + 1 };
      case 'VerificationApproved':
        return { ...c, pending: c.pending - 1, verified: c.verified + 1 };
      case 'VerificationRejected':
        return { ...c, pending: c.pending - 1, rejected: c.rejected + 1 };
      // A lapsed or revoked certificate is no longer a verified investor.
      case 'VerificationExpired':
      case 'CertificateRevoked':
        return { ...c, verified: c.verified - 1 };
      case 'OfferingCreated':
        return { ...c, activeOfferings: c.activeOfferings + 1 };
      case 'OfferingClosed':
        return { ...c, activeOfferings: c.activeOfferings - 1 };
      default: {
        const _exhaustive: never = event;
        return c;
      }
    }
  },
});

/** The admin page's active offerings (the verification counters are not the register's). */
export const adminCountersFigures: RegisterFigures<AdminCountersDoc> = {
  select: () => ({}),
  // No document yet reads as 0 on the admin page.
  figures: (docs) => [{ scope: 'platform', figure: 'activeOfferings', value: docs[0]?.activeOfferings ?? 0 }],
};
