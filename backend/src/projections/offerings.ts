import type { OfferingEvent } from '../domains/offerings/events.js';
import { fromCents, toCents } from '../domains/offerings/money.js';
import { defineProjection } from '../platform/projections/projection.js';

/** One document per offering (spec §3 "Offering"): the grid, its progress, and the admin tab. */
export interface OfferingDoc {
  _id: string;
  assetId: string;
  ownerId: string;
  name: string;
  description: string;
  totalTokens: number;
  tokenPrice: string;
  minimumInvestment: string;
  /** Days. */
  lockupPeriod: number;
  status: 'active' | 'closed';
  /** Confirmed tokens. */
  tokensIssued: number;
  /** Tokens held by pending investments. */
  tokensReserved: number;
  /** NZD of confirmed investments, decimal string. */
  fundsRaised: string;
  createdAt: string;
}

const plus = (a: string, b: string, sign = 1) => fromCents((toCents(a) ?? 0) + sign * (toCents(b) ?? 0));

const EVENT_TYPES = [
  'OfferingCreated',
  'OfferingClosed',
  'InvestmentRequested',
  'InvestmentConfirmed',
  'InvestmentCancelled',
] as const satisfies OfferingEvent['type'][];
type Handled = Extract<OfferingEvent, { type: (typeof EVENT_TYPES)[number] }>;

export const offeringsProjection = defineProjection<OfferingDoc, Handled>({
  name: 'offerings',
  version: 1,
  eventTypes: EVENT_TYPES,
  keys: (event) => [event.data.offeringId],
  evolve(doc, event, id) {
    switch (event.type) {
      case 'OfferingCreated': {
        const { offeringId: _o, createdBy: _c, lockupDays, ...d } = event.data;
        return {
          _id: id,
          ...d,
          lockupPeriod: lockupDays,
          status: 'active',
          tokensIssued: 0,
          tokensReserved: 0,
          fundsRaised: '0.00',
          createdAt: event.metadata.occurredAt,
        };
      }
      case 'OfferingClosed':
        return doc && { ...doc, status: 'closed' };
      case 'InvestmentRequested':
        return doc && { ...doc, tokensReserved: doc.tokensReserved + event.data.tokens };
      case 'InvestmentConfirmed':
        return (
          doc && {
            ...doc,
            tokensReserved: doc.tokensReserved - event.data.tokens,
            tokensIssued: doc.tokensIssued + event.data.tokens,
            fundsRaised: plus(doc.fundsRaised, event.data.amount),
          }
        );
      case 'InvestmentCancelled':
        return doc && { ...doc, tokensReserved: doc.tokensReserved - event.data.tokens };
      default: {
        const _exhaustive: never = event;
        return doc;
      }
    }
  },
});
