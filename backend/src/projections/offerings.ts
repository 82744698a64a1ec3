import type { OfferingEvent } from '../domains/offerings/events.js';
import { fromCents, toCents } from '../domains/offerings/money.js';
import { createdOfferings, type RegisterFigures, type ShownFigure } from '../domains/register/figures.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import { upcasters } from '../domains/upcasters.js';

/** One document per offering (docs/specification.md §3 "Offering"): the grid, its progress, and the admin tab. */
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
  upcasters,
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

/** The offering grid, pages and admin tab: each offering's tokens, sales and funds raised (cents). */
export const offeringsFigures: RegisterFigures<OfferingDoc> = {
  select: ({ assetIds }) => ({ assetId: { $in: assetIds } }),
  figures(docs, covered) {
    const shown: ShownFigure[] = docs.flatMap((d): ShownFigure[] => {
      const where = { scope: 'offering' as const, assetId: d.assetId, offeringId: d._id };
      // Open, everything not issued is the offering's still; closed, only what pending investments reserve.
      const unsold = d.status === 'active' ? d.totalTokens - d.tokensIssued : d.tokensReserved;
      return [
        { ...where, figure: 'document', value: d.totalTokens },
        { ...where, figure: 'allocated', value: d.totalTokens },
        { ...where, figure: 'issued', value: d.tokensIssued },
        { ...where, figure: 'unsold', value: unsold },
        { ...where, figure: 'closed', value: String(d.status === 'closed') },
        { ...where, figure: 'raised', value: toCents(d.fundsRaised) },
      ];
    });
    const present = new Set(docs.map((d) => d._id));
    for (const r of covered.values())
      for (const offeringId of createdOfferings(r))
        if (!present.has(offeringId))
          shown.push({ scope: 'offering', assetId: r.assetId, offeringId, figure: 'document', value: null });
    return shown;
  },
};
