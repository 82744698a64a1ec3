import type { OfferingEvent } from '../domains/offerings/events.js';
import type { TokensTransferred } from '../domains/register/events.js';
import { createdOfferings, type RegisterFigures, type ShownFigure } from '../domains/register/figures.js';
import { toCents } from '../domains/offerings/money.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import type { ReadModelMemo } from '../platform/read-store/read-model-memo.js';
import { asAnswer } from '../platform/read-store/read-store.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { offeringsProjection } from './offerings.js';
import { upcasters } from '../domains/upcasters.js';

/**
 * One document per investment (docs/specification.md §3 "Holding"): the investor's holdings and the admins' pending
 * list. A settled transfer between investors (the register's `TokensTransferred`, domains/transfers) adds two: the
 * buyer's holding of the tokens received (`source: 'transfer'`, at the price paid) under the transfer's id, and the
 * seller's tokens out under `<transferId>:out` (`source: 'transfer-out'`, never listed: `holdingsNow` takes them off
 * the seller's oldest holdings of the asset).
 */
export interface HoldingDoc {
  _id: string;
  investorId: string;
  /** The offering bought in; null for tokens received in a transfer. */
  offeringId: string | null;
  assetId: string;
  ownerId: string;
  source: 'offering' | 'transfer' | 'transfer-out';
  /** The transfer that moved them (`source` 'transfer' or 'transfer-out'), else null. */
  transferId: string | null;
  /** Tokens bought (or received, or sent for 'transfer-out'). */
  tokensBought: number;
  /** As stored, the tokens bought; as listed (`holdingsNow`), those held now: bought less transferred out. */
  tokensHeld: number;
  /** NZD paid, decimal string. */
  purchasePrice: string;
  tokenPrice: string;
  purchaseDate: string;
  status: 'pending' | 'confirmed' | 'cancelled';
  /** End of the offering's lock-up: the first day the tokens may be transferred. */
  transferableFrom: string;
  cancellationReason: string | null;
  /** When staff confirmed it (at once for an investment under the settlement threshold). */
  confirmedAt: string | null;
  cancelledAt: string | null;
}

const EVENT_TYPES = [
  'InvestmentRequested',
  'InvestmentConfirmed',
  'InvestmentCancelled',
  'TokensTransferred',
] as const satisfies (OfferingEvent | TokensTransferred)['type'][];
type Handled = Extract<OfferingEvent | TokensTransferred, { type: (typeof EVENT_TYPES)[number] }>;

const decimal = (cents: number) => (cents / 100).toFixed(2);

export const holdingsProjection = defineProjection<HoldingDoc, Handled>({
  upcasters,
  name: 'holdings',
  version: 3,
  eventTypes: EVENT_TYPES,
  keys: (event) =>
    event.type === 'TokensTransferred'
      ? [event.data.transferId, `${event.data.transferId}:out`]
      : [event.data.investmentId],
  evolve(doc, event, id) {
    switch (event.type) {
      case 'TokensTransferred': {
        const d = event.data;
        const incoming = id === d.transferId;
        return {
          _id: id,
          investorId: incoming ? d.toInvestorId : d.fromInvestorId,
          offeringId: null,
          assetId: d.assetId,
          ownerId: d.ownerId,
          source: incoming ? 'transfer' : 'transfer-out',
          transferId: d.transferId,
          tokensBought: d.tokens,
          tokensHeld: d.tokens,
          purchasePrice: decimal(d.tokens * d.priceCents),
          tokenPrice: decimal(d.priceCents),
          purchaseDate: d.settledAt,
          status: 'confirmed',
          // No new lock-up on a secondary transfer (domains/transfers README).
          transferableFrom: d.settledAt,
          cancellationReason: null,
          confirmedAt: d.settledAt,
          cancelledAt: null,
        };
      }
      case 'InvestmentRequested': {
        const d = event.data;
        return {
          _id: id,
          investorId: d.investorId,
          offeringId: d.offeringId,
          assetId: d.assetId,
          ownerId: d.ownerId,
          source: 'offering',
          transferId: null,
          tokensBought: d.tokens,
          tokensHeld: d.tokens,
          purchasePrice: d.amount,
          tokenPrice: d.tokenPrice,
          purchaseDate: event.metadata.occurredAt,
          status: 'pending',
          transferableFrom: d.transferableFrom,
          cancellationReason: null,
          confirmedAt: null,
          cancelledAt: null,
        };
      }
      case 'InvestmentConfirmed':
        return doc && { ...doc, status: 'confirmed', confirmedAt: event.metadata.occurredAt };
      case 'InvestmentCancelled':
        return (
          doc && {
            ...doc,
            status: 'cancelled',
            cancellationReason: event.data.reason,
            cancelledAt: event.metadata.occurredAt,
          }
        );
      default: {
        const _exhaustive: never = event;
        return doc;
      }
    }
  },
});

/**
 * The investor's holdings and investments (and the admins' lists): the confirmed tokens and what they cost, per
 * asset and per offering. Zero where nothing is held, so a holding that vanished is drift too.
 */
export const holdingsFigures: RegisterFigures<HoldingDoc> = {
  select: ({ assetIds }) => ({ assetId: { $in: assetIds } }),
  figures(docs, covered) {
    type Sums = { tokens: number; cents: number; offerings: Map<string, { tokens: number; cents: number }> };
    const byAsset = new Map<string, Sums>();
    const sums = (assetId: string) => {
      let s = byAsset.get(assetId);
      if (!s) byAsset.set(assetId, (s = { tokens: 0, cents: 0, offerings: new Map() }));
      return s;
    };
    for (const r of covered.values())
      for (const o of createdOfferings(r)) sums(r.assetId).offerings.set(o, { tokens: 0, cents: 0 });
    for (const h of docs) {
      // Offerings issue; a transfer only moves issued tokens between holders (the register's holders figure).
      if (h.source !== 'offering' || h.offeringId === null) continue;
      const s = sums(h.assetId);
      let o = s.offerings.get(h.offeringId);
      if (!o) s.offerings.set(h.offeringId, (o = { tokens: 0, cents: 0 }));
      if (h.status !== 'confirmed') continue;
      const cents = toCents(h.purchasePrice) ?? 0;
      s.tokens += h.tokensHeld;
      s.cents += cents;
      o.tokens += h.tokensHeld;
      o.cents += cents;
    }
    for (const r of covered.values()) sums(r.assetId);
    const shown: ShownFigure[] = [];
    for (const [assetId, s] of byAsset) {
      // An asset nobody holds shows nothing: a holding of an unknown asset is still a stray.
      if (s.tokens > 0 || covered.has(assetId))
        shown.push({ scope: 'asset', assetId, figure: 'issued', value: s.tokens });
      for (const [offeringId, o] of s.offerings) {
        shown.push({ scope: 'offering', assetId, offeringId, figure: 'issued', value: o.tokens });
        shown.push({ scope: 'offering', assetId, offeringId, figure: 'raised', value: o.cents });
      }
    }
    return shown;
  },
};

// Queries of this read model.

/**
 * The holdings as listed, in the order given: each investor's tokens transferred out of an asset taken off their
 * confirmed holdings of it, oldest first, so `tokensHeld` is what they hold now; the 'transfer-out' records dropped.
 */
export function holdingsNow<H extends HoldingDoc>(docs: readonly H[]): H[] {
  const out = new Map<string, number>();
  const key = (h: HoldingDoc) => `${h.investorId}\u0000${h.assetId}`;
  for (const h of docs) if (h.source === 'transfer-out') out.set(key(h), (out.get(key(h)) ?? 0) + h.tokensBought);
  const held = new Map<string, number>();
  const oldestFirst = docs
    .filter((h) => h.source !== 'transfer-out' && h.status === 'confirmed')
    .sort((a, b) => a.purchaseDate.localeCompare(b.purchaseDate) || a._id.localeCompare(b._id));
  for (const h of oldestFirst) {
    const left = out.get(key(h)) ?? 0;
    const taken = Math.min(left, h.tokensBought);
    out.set(key(h), left - taken);
    held.set(h._id, h.tokensBought - taken);
  }
  return docs
    .filter((h) => h.source !== 'transfer-out')
    .map((h) => ({ ...h, tokensHeld: held.get(h._id) ?? h.tokensBought }));
}

/** How a listed holding came: bought in an offering, or received from another investor. */
type ListedSource = { source: 'offering' | 'transfer' };

/** An investor's investments, newest first, each with the name of its offering (all read in one query). */
export async function holdingsOf(
  reads: ReadModels,
  investorId: string,
): Promise<(Omit<HoldingDoc, 'source'> & ListedSource & { offeringName: string | null })[]> {
  const holdings = holdingsNow(await reads.of(holdingsProjection).find({ investorId }, { sort: { purchaseDate: -1 } }));
  const offeringIds = holdings.flatMap((h) => (h.offeringId === null ? [] : [h.offeringId]));
  const offerings = await reads.of(offeringsProjection).byIds(offeringIds);
  return holdings.map((h) => ({
    ...h,
    source: h.source === 'offering' ? 'offering' : 'transfer',
    offeringName: h.offeringId === null ? null : (offerings.get(h.offeringId)?.name ?? null),
  }));
}

/** A holding as `GET /api/holdings` lists it (before its chain fields): the document under `id`, and its offering's name. */
export type HoldingItem = Readonly<
  Omit<HoldingDoc, '_id' | 'source'> & ListedSource & { id: string; offeringName: string | null }
>;

/**
 * Each investor's holdings (`holdingsOf`, as listed), kept from one request to the next until the holdings or
 * offerings read model changes (`ReadModelMemo`): a signed-in investor's page reload reads and copies nothing.
 * The lists are frozen, as every caller shares them.
 */
export class InvestorHoldings {
  private readonly memo: ReadModelMemo<string, readonly HoldingItem[]>;

  constructor(private readonly reads: ReadModels) {
    this.memo = reads.memo([holdingsProjection, offeringsProjection]);
  }

  of(investorId: string): Promise<readonly HoldingItem[]> {
    return this.memo.get(investorId, async () => {
      const holdings = await holdingsOf(this.reads, investorId);
      const items = holdings.map((holding) => Object.freeze(asAnswer(holding)));
      return Object.freeze(items);
    });
  }
}
