import type { AssetEvent, TokenTerms } from '../domains/assets/events.js';
import type { AssetStreamEvent } from '../domains/register/events.js';
import { project } from '../platform/projection-engine/projection.js';
import { recorded } from '../testing/recorded.js';
import { activitiesProjection } from './activities.js';
import { assetHistoryProjection } from './asset-history.js';
import { assetsProjection } from './assets.js';
import { portfolioProjection } from './portfolio.js';

const ownerId = 'owner-1';
const terms: TokenTerms = {
  symbol: 'HVA',
  name: 'Harbour View Token',
  totalSupply: 1_000_000,
  decimals: 0,
  price: 1.3,
  minInvestment: 1_000,
  maxInvestment: 100_000,
  network: 'polygon',
  lockUpMonths: 12,
  feePercent: 3.5,
};
const lifeOf = (assetId: string, name: string, value: number): AssetEvent[] => [
  {
    type: 'AssetDrafted',
    data: {
      assetId,
      ownerId,
      name,
      description: 'A building on the waterfront',
      assetType: 'property',
      address: null,
      totalValue: 900_000,
      tokenCount: 900_000,
    },
  },
  {
    type: 'DocumentUploaded',
    data: {
      assetId,
      ownerId,
      documentId: `${assetId}-deed`,
      kind: 'property-deed',
      fileName: 'deed.pdf',
      size: 10,
      sha256: 'aa',
    },
  },
  {
    type: 'DocumentUploaded',
    data: {
      assetId,
      ownerId,
      documentId: `${assetId}-report`,
      kind: 'valuation-report',
      fileName: 'report.pdf',
      size: 20,
      sha256: 'bb',
    },
  },
  { type: 'AssetValued', data: { assetId, ownerId, value: 1_000_000, method: 'property-calculator' } },
  { type: 'AssetValued', data: { assetId, ownerId, value, method: 'owner-estimate' } },
  { type: 'TokenConfigured', data: { assetId, ownerId, terms } },
  { type: 'TokenizationRequested', data: { assetId, ownerId } },
  { type: 'TokenizationApproved', data: { assetId, ownerId, approvedBy: 'admin-1', terms, value } },
  {
    type: 'InvestorAdded',
    data: {
      assetId,
      ownerId,
      investorId: `${assetId}-i1`,
      subjectId: `${assetId}-i1`,
      tokens: 5_000,
      personal: { name: 'Aroha Ngata', email: null },
    },
  },
];

const followUp: AssetStreamEvent[] = [
  {
    type: 'InvestorAdded',
    data: {
      assetId: 'a1',
      ownerId,
      investorId: 'a1-i2',
      subjectId: 'a1-i2',
      tokens: 100,
      personal: { name: 'Mere Tane', email: null },
    },
  },
  {
    type: 'InvestorRemoved',
    data: {
      assetId: 'a1',
      ownerId,
      investorId: 'a1-i1',
      subjectId: 'a1-i1',
      tokens: 5_000,
      personal: { reason: 'Sold' },
    },
  },
  {
    type: 'SupplyChangeApproved',
    data: { assetId: 'a1', ownerId, changeId: 'c-1', delta: 500, supply: 1_000_500, approvedBy: 'admin-1' },
  },
];

describe('asset read models', () => {
  it('assets: given the whole life of an asset, then its step, documents, valuation change, terms and cap table', () => {
    const doc = project(assetsProjection, recorded('asset-a1', lifeOf('a1', 'Harbour View', 1_100_000))).get('a1')!;
    expect(doc).toMatchObject({
      ownerId,
      status: 'active',
      currentStep: 5,
      totalValue: 1_100_000,
      tokenCount: 1_000_000,
      firstValuation: 1_000_000,
      valuation: { value: 1_100_000, method: 'owner-estimate' },
      terms,
      returnReason: null,
    });
    expect(doc.documents.map((d) => [d.kind, d.title])).toEqual([
      ['property-deed', 'Property Deed'],
      ['valuation-report', 'Valuation Report'],
    ]);
    expect(doc.capTable).toEqual([
      {
        source: 'off-platform',
        investorId: 'a1-i1',
        name: 'Aroha Ngata',
        email: null,
        tokens: 5_000,
        addedAt: expect.any(String),
      },
    ]);
  });

  it('portfolio: given two assets, one approved, then the dashboard totals and a value history', () => {
    const events = [
      ...recorded('asset-a1', lifeOf('a1', 'Harbour View', 1_100_000)),
      ...recorded('asset-a2', lifeOf('a2', 'Kea Labs', 500_000).slice(0, 4), 100),
    ];
    const doc = project(portfolioProjection, events).get(ownerId)!;
    expect(doc).toMatchObject({ totalValue: 1_100_000 + 1_000_000, activeTokens: 1_000_000, totalInvestors: 1 });
    expect(doc.valueHistory.at(-1)).toEqual({
      at: expect.any(String),
      totalValue: 2_100_000,
      activeTokens: 1_000_000,
      totalInvestors: 1,
    });
  });

  it('portfolio: given a holder removed and a supply change approved, then the stats follow the register', () => {
    const events = recorded('asset-a1', [...lifeOf('a1', 'Harbour View', 1_100_000), ...followUp]);
    const doc = project(portfolioProjection, events).get(ownerId)!;
    expect(doc).toMatchObject({ activeTokens: 1_000_500, totalInvestors: 1 });
    expect(doc.assets.a1).toMatchObject({ tokens: 1_000_500, investors: 1, offPlatformHolders: ['a1-i2'] });
  });

  it('assets: given a supply change approved, then the terms show the supply now and the initial supply is kept', () => {
    const events = recorded('asset-a1', [...lifeOf('a1', 'Harbour View', 1_100_000), ...followUp]);
    const doc = project(assetsProjection, events).get('a1')!;
    expect([doc.tokenCount, doc.terms?.totalSupply, doc.initialSupply]).toEqual([1_000_500, 1_000_500, 1_000_000]);
    expect(
      project(assetsProjection, recorded('asset-a1', lifeOf('a1', 'Harbour View', 1))).get('a1')!.initialSupply,
    ).toBe(null);
  });

  it('asset history and activities: given a holding changed, a holder removed and a supply change, then each is told', () => {
    const changed: AssetStreamEvent = {
      type: 'InvestorHoldingChanged',
      data: {
        assetId: 'a1',
        ownerId,
        investorId: 'a1-i2',
        subjectId: 'a1-i2',
        tokens: 150,
        previousTokens: 100,
        personal: { name: 'Mere Tane', email: null, reason: 'Deed of transfer' },
      },
    };
    // A transfer between investors too, without who they are (investors read this history).
    const transferred: AssetStreamEvent = {
      type: 'TokensTransferred',
      data: {
        assetId: 'a1',
        ownerId,
        transferId: 't1',
        fromInvestorId: 'inv-1',
        toInvestorId: 'inv-2',
        tokens: 30,
        priceCents: 1250,
        txHash: `0x${'1'.repeat(64)}`,
        settledAt: '2026-11-27T01:00:00.000Z',
        sellerTokensAfter: 70,
      },
    };
    const events = recorded('asset-a1', [...lifeOf('a1', 'Harbour View', 1_100_000), ...followUp, changed]);
    const history = project(assetHistoryProjection, [
      ...events,
      ...recorded('asset-a1', [transferred]).map((e) => ({
        ...e,
        position: events.length + 1,
        revision: events.length,
      })),
    ]).get('a1')!;
    expect(history.items.slice(-5).map((i) => i.text)).toEqual([
      'Off-platform holder added to the cap table (100 tokens)',
      'Off-platform holder removed from the cap table (5,000 tokens)',
      'Supply change approved: 500 tokens issued, supply now 1,000,500',
      'Off-platform holding changed from 100 to 150 tokens',
      '30 tokens transferred between wholesale investors at $12.50 each',
    ]);
    const activities = project(activitiesProjection, events).get(ownerId)!;
    expect(activities.items.slice(0, 3).map((a) => a.description)).toEqual([
      "Mere Tane's holding in Harbour View changed from 100 to 150 tokens",
      'Harbour View: 500 tokens issued, supply now 1,000,500',
      'An off-platform holder of 5,000 tokens removed from the cap table of Harbour View',
    ]);
  });

  it('activities: newest first, in words, naming the asset', () => {
    const doc = project(activitiesProjection, recorded('asset-a1', lifeOf('a1', 'Harbour View', 1_100_000))).get(
      ownerId,
    )!;
    expect(doc.items.slice(0, 3).map((a) => [a.type, a.description])).toEqual([
      ['investor', 'Aroha Ngata added to the cap table of Harbour View'],
      ['compliance', 'Harbour View approved for tokenization'],
      ['compliance', 'Harbour View submitted for tokenization review'],
    ]);
    expect(doc.items.at(-1)!.description).toBe('Harbour View created as a draft');
  });

  it('asset ids such as constructor, __proto__ or toString are ordinary keys of the portfolio and activities', () => {
    const stray = (assetId: string): AssetEvent => ({
      type: 'AssetValued',
      data: { assetId, ownerId, value: 5, method: 'owner-estimate' },
    });
    const events = [
      ...recorded('asset-constructor', lifeOf('constructor', 'Harbour View', 1_100_000)),
      ...recorded('asset-x', [stray('toString'), stray('__proto__')], 100),
    ];
    const portfolio = project(portfolioProjection, events).get(ownerId)!;
    // Values for assets never drafted change nothing (they are not found on Object.prototype).
    expect(portfolio).toMatchObject({ totalValue: 1_100_000, activeTokens: 1_000_000, totalInvestors: 1 });
    expect(Object.keys(portfolio.assets)).toEqual(['constructor']);
    const activities = project(activitiesProjection, events).get(ownerId)!;
    expect(activities.items[0]!.description).toBe('An asset valued at $5');
    expect(activities.items.at(-1)!.description).toBe('Harbour View created as a draft');
  });
});
