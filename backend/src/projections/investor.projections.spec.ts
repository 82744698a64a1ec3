/**
 * Read models keyed by the investor: their activity (certification and investments), the holdings' dates,
 * and an asset's history that names no one — given events, then documents.
 */
import type { AssetEvent, TokenTerms } from '../domains/assets/events.js';
import type { OfferingEvent } from '../domains/offerings/events.js';
import type { TokensTransferred } from '../domains/register/events.js';
import type { WholesaleEvent } from '../domains/wholesale/events.js';
import type { DomainEvent } from '../platform/decider.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { project } from '../platform/projection-engine/projection.js';
import { recorded } from '../testing/recorded.js';
import { draftedAsset } from '../testing/register-history.js';
import { activitiesProjection } from './activities.js';
import { assetHistoryProjection } from './asset-history.js';
import type { AssetDoc } from './assets.js';
import { MemoryReadStore } from '../platform/read-store/memory-read-store.js';
import {
  holdingsFigures,
  holdingsNow,
  holdingsOf,
  holdingsProjection,
  InvestorHoldings,
  type HoldingDoc,
} from './holdings.js';
import { currentTokenPrice, investorPortfolio } from './investments.query.js';
import { offeringsProjection, type OfferingDoc } from './offerings.js';
import { ReadModels } from '../platform/read-store/read-models.js';

const ownerId = 'owner-1';
const investorId = 'investor-1';
const assetId = 'asset-1';
const offeringId = 'offering-1';
const terms: TokenTerms = {
  symbol: 'HVA',
  name: 'Harbour View',
  totalSupply: 20_000,
  decimals: 0,
  price: 100,
  minInvestment: 1_000,
  maxInvestment: 500_000,
  network: 'polygon',
  lockUpMonths: 12,
  feePercent: 3.5,
};

/** Events one after another, each at its own time (a day apart from `start`). */
function timeline(streamId: string, events: DomainEvent[], start = '2026-03-01', first = 1): RecordedEvent[] {
  return recorded(streamId, events, first).map((e, i) => ({
    ...e,
    metadata: { ...e.metadata, occurredAt: new Date(Date.parse(start) + i * 86_400_000).toISOString() },
  }));
}

const asset: AssetEvent[] = [
  draftedAsset({ assetId, ownerId, address: '1 Quay Street, Auckland', totalValue: 2_000_000, tokenCount: 20_000 }),
  { type: 'AssetValued', data: { assetId, ownerId, value: 2_000_000, method: 'owner-estimate' } },
  { type: 'TokenConfigured', data: { assetId, ownerId, terms } },
  { type: 'TokenizationRequested', data: { assetId, ownerId } },
  { type: 'TokenizationApproved', data: { assetId, ownerId, approvedBy: 'admin-1', terms, value: 2_000_000 } },
  {
    type: 'InvestorAdded',
    data: {
      assetId,
      ownerId,
      investorId: 'holder-1',
      subjectId: 'holder-1',
      tokens: 500,
      personal: { name: 'Aroha Ngata', email: 'aroha@example.nz' },
    },
  },
];

const certification: WholesaleEvent[] = [
  {
    type: 'VerificationSubmitted',
    data: {
      verificationId: 'v-1',
      userId: investorId,
      subjectId: investorId,
      verificationType: 'high_net_worth',
      documents: [],
      personal: {
        verifierName: 'Hine Walker',
        verifierContact: 'hine@law.nz',
        grounds: { netWorthAmount: 6_500_000, investmentAmount: null, professionalType: null },
        fileNames: [],
      },
    },
  },
  {
    type: 'VerificationApproved',
    data: {
      verificationId: 'v-1',
      userId: investorId,
      approvedBy: 'admin-1',
      verifiedAt: '2026-03-02T00:00:00.000Z',
      validUntil: '2028-03-02T00:00:00.000Z',
    },
  },
];

const investment = (investmentId: string, tokens: number, amount: string) => ({
  offeringId,
  assetId,
  ownerId,
  investmentId,
  investorId,
  tokens,
  amount,
});

const offering: OfferingEvent[] = [
  {
    type: 'OfferingCreated',
    data: {
      offeringId,
      assetId,
      ownerId,
      name: 'Harbour View Series A',
      description: 'Waterfront income',
      totalTokens: 20_000,
      tokenPrice: '100.00',
      minimumInvestment: '1000.00',
      lockupDays: 365,
      createdBy: 'admin-1',
    },
  },
  // Under NZD 100,000: requested and confirmed by one command, at one moment (see `atOnce` below).
  {
    type: 'InvestmentRequested',
    data: {
      ...investment('inv-small', 150, '15000.00'),
      tokenPrice: '100.00',
      transferableFrom: '2027-03-04T00:00:00.000Z',
    },
  },
  { type: 'InvestmentConfirmed', data: { ...investment('inv-small', 150, '15000.00'), confirmedBy: investorId } },
  // From NZD 100,000: pending until staff confirm it, days later.
  {
    type: 'InvestmentRequested',
    data: {
      ...investment('inv-large', 2_000, '200000.00'),
      tokenPrice: '100.00',
      transferableFrom: '2027-03-06T00:00:00.000Z',
    },
  },
  { type: 'InvestmentConfirmed', data: { ...investment('inv-large', 2_000, '200000.00'), confirmedBy: 'admin-1' } },
  {
    type: 'InvestmentRequested',
    data: {
      ...investment('inv-gone', 1_500, '150000.00'),
      tokenPrice: '100.00',
      transferableFrom: '2027-03-08T00:00:00.000Z',
    },
  },
  {
    type: 'InvestmentCancelled',
    data: { ...investment('inv-gone', 1_500, '150000.00'), cancelledBy: 'admin-1', reason: 'Funds did not clear' },
  },
];

/** The whole story in log order; the small investment's two events share one moment, as one command's do. */
function story(): RecordedEvent[] {
  const events = [
    ...timeline('asset-1', asset, '2026-02-01'),
    ...timeline('verification-investor-1', certification, '2026-03-01', 100),
    ...timeline('offering-1', offering, '2026-03-03', 200),
  ];
  const small = events.filter((e) => (e.data as { investmentId?: string }).investmentId === 'inv-small');
  small[1]!.metadata = { ...small[1]!.metadata, occurredAt: small[0]!.metadata.occurredAt };
  return events;
}

describe('read models keyed by the investor', () => {
  it("activities: the investor's certification and investments, newest first, one line for an instant purchase", () => {
    const doc = project(activitiesProjection, story()).get(investorId)!;
    expect(doc.items.map((a) => [a.type, a.description])).toEqual([
      ['investor', 'Investment of $150,000 cancelled: Funds did not clear'],
      ['investor', 'Requested 1,500 tokens for $150,000: awaiting settlement'],
      ['investor', 'Bought 2,000 tokens for $200,000'],
      ['investor', 'Requested 2,000 tokens for $200,000: awaiting settlement'],
      ['investor', 'Bought 150 tokens for $15,000'],
      ['kyc', 'Wholesale verification approved, valid until 2 March 2028'],
      ['kyc', 'Wholesale verification submitted (high net worth)'],
    ]);
    expect(doc.items[0]).toMatchObject({ assetId, offeringId, investmentId: 'inv-gone' });
  });

  it("activities: the owner hears of confirmed purchases in their asset without the investor's name", () => {
    const doc = project(activitiesProjection, story()).get(ownerId)!;
    expect(doc.items.slice(0, 2).map((a) => a.description)).toEqual([
      'A wholesale investor bought 2,000 tokens of Harbour View for $200,000',
      'A wholesale investor bought 150 tokens of Harbour View for $15,000',
    ]);
    expect(doc.items.some((a) => a.description.includes('cancelled'))).toBe(false);
    expect(doc.items.at(-1)).toMatchObject({ description: 'Harbour View created as a draft', assetId });
  });

  it('holdings: when each investment was confirmed or cancelled', () => {
    const docs = project(holdingsProjection, story());
    expect(docs.get('inv-small')).toMatchObject({
      status: 'confirmed',
      confirmedAt: expect.any(String),
      cancelledAt: null,
    });
    expect(docs.get('inv-large')!.confirmedAt! > docs.get('inv-large')!.purchaseDate).toBe(true);
    expect(docs.get('inv-gone')).toMatchObject({
      status: 'cancelled',
      confirmedAt: null,
      cancelledAt: expect.any(String),
      cancellationReason: 'Funds did not clear',
    });
  });

  it('asset history: oldest first, in words, naming no one (investors read it too)', () => {
    const doc = project(assetHistoryProjection, story()).get(assetId)!;
    expect(doc.items.map((i) => i.text)).toEqual([
      'Drafted at $2,000,000 in 20,000 tokens',
      "Valued at $2,000,000 by the owner's estimate",
      'Token HVA configured: 20,000 at $100, lock-up 12 months',
      'Submitted for tokenization review',
      'Tokenization approved at $2,000,000',
      'Off-platform holder added to the cap table (500 tokens)',
      'Offering Harbour View Series A opened: 20,000 tokens at $100',
      "A wholesale investor's 150 tokens confirmed ($15,000)",
      "A wholesale investor's 2,000 tokens confirmed ($200,000)",
    ]);
    expect(JSON.stringify(doc)).not.toContain('Aroha');
    expect(doc.items[6]).toMatchObject({ event: 'OfferingCreated', offeringId });
  });

  it('asset history ignores events of an asset it never saw drafted', () => {
    expect(project(assetHistoryProjection, timeline('offering-1', offering)).size).toBe(0);
  });
});

describe('investor holdings (what GET /api/holdings lists, kept between requests)', () => {
  /** The two read models as the engine stores them after `events` (each document with its `_position`). */
  async function write(store: MemoryReadStore, events: RecordedEvent[]) {
    const last = events.at(-1)!.position;
    const docs = <T extends { _id: string }>(projected: Map<string, T>) =>
      [...projected.values()].map((doc) => ({ upsert: { ...doc, _position: last } }));
    await store.writeBatch([
      { collection: holdingsProjection.name, ops: docs(project(holdingsProjection, events)) },
      { collection: offeringsProjection.name, ops: docs(project(offeringsProjection, events)) },
    ]);
  }

  it('lists what holdingsOf reads, under id, in the same field order, and sees the next change at once', async () => {
    const events = story();
    const cancelled = events.findIndex((e) => e.type === 'InvestmentCancelled');
    const store = new MemoryReadStore();
    await write(store, events.slice(0, cancelled));
    const view = new InvestorHoldings(new ReadModels(store));
    const first = await view.of(investorId);
    const read = await holdingsOf(new ReadModels(store), investorId);
    expect(first).toEqual(
      read.map(({ _id, _position: _, ...rest }: HoldingDoc & { _position?: number }) => ({ id: _id, ...rest })),
    );
    expect(Object.keys(first[0]!)).toEqual(['id', ...Object.keys(read[0]!).filter((k) => !k.startsWith('_'))]);
    expect(first.map((h) => [h.id, h.status, h.offeringName])).toEqual([
      ['inv-gone', 'pending', 'Harbour View Series A'],
      ['inv-large', 'confirmed', 'Harbour View Series A'],
      ['inv-small', 'confirmed', 'Harbour View Series A'],
    ]);
    expect(await view.of(investorId)).toBe(first);
    expect(await view.of('someone-else')).toEqual([]);

    await write(store, events);
    expect((await view.of(investorId))[0]).toMatchObject({ id: 'inv-gone', status: 'cancelled' });
    const offerings = store.collection<OfferingDoc>(offeringsProjection.name);
    await offerings.upsert({ ...(await offerings.get(offeringId))!, name: 'Harbour View Series B' });
    expect((await view.of(investorId)).map((h) => h.offeringName)).toEqual(Array(3).fill('Harbour View Series B'));
  });

  it('shares frozen lists: no caller can change what the next one reads, nor the read model', async () => {
    const store = new MemoryReadStore();
    await write(store, story());
    const view = new InvestorHoldings(new ReadModels(store));
    const first = await view.of(investorId);
    expect(() => Object.assign(first[0]!, { tokensHeld: 1 })).toThrow(TypeError);
    expect(() => (first as unknown[]).pop()).toThrow(TypeError);
    expect((await view.of(investorId)).map((h) => h.tokensHeld)).toEqual([1_500, 2_000, 150]);
    expect((await store.collection<HoldingDoc>(holdingsProjection.name).get('inv-small'))!.tokensHeld).toBe(150);
  });
});

describe("holdings after a transfer between investors (the register's TokensTransferred)", () => {
  const buyerId = 'investor-2';
  const transferred = (transferId: string, tokens: number, settledAt: string): TokensTransferred => ({
    type: 'TokensTransferred',
    data: {
      assetId,
      ownerId,
      transferId,
      fromInvestorId: investorId,
      toInvestorId: buyerId,
      tokens,
      priceCents: 12_000,
      txHash: `0x${'ab'.repeat(32)}`,
      settledAt,
      sellerTokensAfter: 2_150 - tokens,
    },
  });
  const withTransfer = () => [
    ...story(),
    ...timeline('asset-1', [transferred('t-1', 1_000, '2026-04-01T00:00:00.000Z')], '2026-04-01', 300),
  ];

  it("activities: each side's words for the transfer, and the owner's without names", () => {
    const docs = project(activitiesProjection, withTransfer());
    expect(docs.get(investorId)!.items[0]).toMatchObject({
      type: 'investor',
      description: 'Sold 1,000 tokens for $120,000 in a transfer',
      assetId,
    });
    expect(docs.get(buyerId)!.items.map((a) => a.description)).toEqual([
      'Received 1,000 tokens for $120,000 in a transfer',
    ]);
    expect(docs.get(ownerId)!.items[0]!.description).toBe(
      '1,000 tokens of Harbour View transferred between wholesale investors at $120 each',
    );
  });

  /** The holdings and offerings read models after the events, as the queries read them. */
  async function readsAfter(events: RecordedEvent[]): Promise<ReadModels> {
    const store = new MemoryReadStore();
    const last = events.at(-1)!.position;
    await store.writeBatch(
      [holdingsProjection, offeringsProjection].map((p) => ({
        collection: p.name,
        ops: [...project(p as typeof holdingsProjection, events).values()].map((doc) => ({
          upsert: { ...doc, _position: last },
        })),
      })),
    );
    return new ReadModels(store);
  }

  it("stores the buyer's received tokens at the price paid, and the seller's tokens out", () => {
    const docs = project(holdingsProjection, withTransfer());
    expect(docs.get('t-1')).toEqual({
      _id: 't-1',
      investorId: buyerId,
      offeringId: null,
      assetId,
      ownerId,
      source: 'transfer',
      transferId: 't-1',
      tokensBought: 1_000,
      tokensHeld: 1_000,
      purchasePrice: '120000.00',
      tokenPrice: '120.00',
      purchaseDate: '2026-04-01T00:00:00.000Z',
      status: 'confirmed',
      transferableFrom: '2026-04-01T00:00:00.000Z',
      cancellationReason: null,
      confirmedAt: '2026-04-01T00:00:00.000Z',
      cancelledAt: null,
    });
    expect(docs.get('t-1:out')).toMatchObject({ investorId, source: 'transfer-out', tokensBought: 1_000 });
    expect(docs.get('inv-small')).toMatchObject({ source: 'offering', transferId: null, tokensBought: 150 });
  });

  it("lists the seller's holdings as held now (tokens out taken off the oldest first) and the buyer's as a transfer", async () => {
    const reads = await readsAfter(withTransfer());
    expect((await holdingsOf(reads, investorId)).map((h) => [h._id, h.source, h.tokensBought, h.tokensHeld])).toEqual([
      ['inv-gone', 'offering', 1_500, 1_500],
      ['inv-large', 'offering', 2_000, 1_150],
      ['inv-small', 'offering', 150, 0],
    ]);
    expect(await holdingsOf(reads, buyerId)).toEqual([
      expect.objectContaining({ _id: 't-1', source: 'transfer', tokensHeld: 1_000, offeringName: null }),
    ]);
  });

  it("gives the seller's home what they still hold: invested, value and tokens follow the tokens transferred out", async () => {
    const reads = await readsAfter(withTransfer());
    // Bought 150 + 2,000 at NZD 100 (215,000); 1,000 sold: 150 + 850 of them, oldest first, so 1,150 left.
    const seller = await investorPortfolio(reads, investorId);
    expect(seller).toMatchObject({ invested: 115_000, portfolioValue: 115_000 });
    expect(seller.investments.map((i) => [i.id, i.tokens, i.costHeld])).toEqual([
      ['inv-gone', 1_500, 150_000],
      ['inv-large', 1_150, 115_000],
      ['inv-small', 0, 0],
    ]);
    // The buyer's cost is the price they paid.
    expect(await investorPortfolio(reads, buyerId)).toMatchObject({ invested: 120_000, portfolioValue: 120_000 });
  });

  it('takes a second transfer out after the first, never below zero, and leaves the register figures as issued', () => {
    const events = [
      ...withTransfer(),
      ...timeline('asset-1', [transferred('t-2', 1_150, '2026-04-02T00:00:00.000Z')], '2026-04-02', 301),
    ];
    const docs = [...project(holdingsProjection, events).values()];
    const now = holdingsNow(docs);
    expect(now.filter((h) => h.investorId === investorId && h.status === 'confirmed').map((h) => h.tokensHeld)).toEqual(
      [0, 0],
    );
    expect(now.filter((h) => h.investorId === buyerId).map((h) => h.tokensHeld)).toEqual([1_000, 1_150]);
    expect(now.some((h) => h.source === 'transfer-out')).toBe(false);
    const issued = holdingsFigures.figures(docs, new Map()).filter((f) => f.figure === 'issued' && f.scope === 'asset');
    expect(issued).toEqual([{ scope: 'asset', assetId, figure: 'issued', value: 2_150 }]);
  });
});

describe('current token price', () => {
  const assetDoc = (value: number, tokenCount = 20_000) =>
    ({
      _id: assetId,
      tokenCount,
      totalValue: value,
      createdAt: '2026-01-01',
      valuation: { value, method: 'owner-estimate', at: '2026-03-01' },
    }) as AssetDoc;

  it('is the latest valuation ÷ the current supply, whatever an offering sold at', () => {
    expect(currentTokenPrice(assetDoc(2_000_000))).toEqual({ price: 100, source: 'valuation', at: '2026-03-01' });
    // A supply change of +5,000 tokens: the same valuation over more tokens.
    expect(currentTokenPrice(assetDoc(2_000_000, 25_000))).toMatchObject({ price: 80 });
    expect(currentTokenPrice(null)).toBeNull();
  });
});
