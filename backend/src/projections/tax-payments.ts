import type { TaxPaymentEvent } from '../domains/income/events.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import { upcasters } from '../domains/upcasters.js';

/** One document per payment of withheld tax to Inland Revenue: recorded by an admin, confirmed by another. */
export interface TaxPaymentDoc {
  _id: string;
  period: string;
  taxKind: 'RWT' | 'NRWT';
  amount: number;
  paidOn: string;
  irReference: string;
  status: 'recorded' | 'confirmed' | 'rejected';
  recordedBy: string;
  recordedAt: string;
  confirmedBy: string | null;
  confirmedAt: string | null;
  rejectedBy: string | null;
  rejectedAt: string | null;
  rejectReason: string | null;
}

export const taxPaymentsProjection = defineProjection<TaxPaymentDoc, TaxPaymentEvent>({
  name: 'tax-payments',
  upcasters,
  version: 2,
  eventTypes: ['TaxPaymentRecorded', 'TaxPaymentConfirmed', 'TaxPaymentRejected'],
  keys: (event) => [event.data.paymentId],
  evolve(doc, event) {
    switch (event.type) {
      case 'TaxPaymentRecorded': {
        const d = event.data;
        return {
          _id: d.paymentId,
          period: d.period,
          taxKind: d.taxKind,
          amount: d.amount,
          paidOn: d.paidOn,
          irReference: d.irReference,
          status: 'recorded',
          recordedBy: d.recordedBy,
          recordedAt: d.recordedAt,
          confirmedBy: null,
          confirmedAt: null,
          rejectedBy: null,
          rejectedAt: null,
          rejectReason: null,
        };
      }
      case 'TaxPaymentConfirmed':
        return doc
          ? { ...doc, status: 'confirmed', confirmedBy: event.data.confirmedBy, confirmedAt: event.data.confirmedAt }
          : null;
      case 'TaxPaymentRejected': {
        const { rejectedBy, rejectedAt, reason } = event.data;
        return doc ? { ...doc, status: 'rejected', rejectedBy, rejectedAt, rejectReason: reason } : null;
      }
      default: {
        const _exhaustive: never = event;
        return doc;
      }
    }
  },
});
