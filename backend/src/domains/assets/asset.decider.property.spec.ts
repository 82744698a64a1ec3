import fc from 'fast-check';
import {
  anyId,
  checkDecider,
  choiceOf,
  commandsOf,
  often,
  someNumber,
  someText,
} from '../../testing/decider-properties.js';
import { PLANS } from '../plans/plans.js';
import { asset, type AssetCommand, type PlanStanding } from './asset.decider.js';
import { ASSET_TYPES, DOCUMENT_KINDS, NETWORKS, VALUATION_METHODS, type TokenTerms } from './events.js';

const enterprise: PlanStanding = {
  canCreateTokens: true,
  tier: 'enterprise',
  limits: PLANS.enterprise.limits,
};
const plan = often(
  fc.constant(enterprise),
  fc.constantFrom<PlanStanding>(
    { ...enterprise, canCreateTokens: false, tier: null },
    { canCreateTokens: true, tier: 'starter', limits: PLANS.starter.limits },
  ),
);
/** Commands name the owner who drafted, or someone else (whose id is a prototype name, even). */
const OWNER = 'owner-1';
const ownerId = fc.constantFrom(OWNER, OWNER, 'constructor');
const assetId = anyId;
const money = someNumber(fc.integer({ min: 1, max: 400_000 }));

const draft = fc.record({
  type: fc.constant('DraftAsset' as const),
  assetId,
  ownerId: fc.constant(OWNER),
  name: someText(fc.constant('Harbour View')),
  description: someText(fc.constant('Twelve waterfront apartments')),
  assetType: choiceOf(ASSET_TYPES),
  address: fc.option(someText(fc.constant('1 Quay Street, Auckland')), { nil: null }),
  totalValue: money,
  tokenCount: someNumber(fc.integer({ min: 1, max: 1_000_000 })),
  plan,
});
const recordDocument = fc.record({
  type: fc.constant('RecordDocument' as const),
  assetId,
  ownerId,
  documentId: fc.constantFrom(`doc_${'a'.repeat(32)}`, 'constructor'),
  kind: choiceOf(DOCUMENT_KINDS),
  fileName: someText(fc.constant('deed.pdf')),
  size: someNumber(fc.integer({ min: 1, max: 10_000_000 })),
  sha256: often(fc.constant('ab'.repeat(32)), fc.constantFrom('abc', 'AB'.repeat(32))),
});
const valued = fc.record({
  type: fc.constant('ValueAsset' as const),
  assetId,
  ownerId,
  value: money,
  method: choiceOf(VALUATION_METHODS),
  plan,
});
const harbourView: TokenTerms = {
  ...{ symbol: 'HVA', name: 'Harbour View Token', totalSupply: 1_000_000, decimals: 0, price: 1.3 },
  ...{ minInvestment: 1_000, maxInvestment: 100_000, network: 'polygon', lockUpMonths: 12, feePercent: 3.5 },
};
const terms = often(
  fc.constantFrom(harbourView, { ...harbourView, symbol: 'KAURI1', decimals: 18, price: 0.05, feePercent: 0 }),
  fc.record({
    symbol: often(fc.constantFrom('HVA', 'KAURI1'), fc.constantFrom('hv', 'TOOLONG7', '')),
    name: someText(fc.constant('Harbour View Token')),
    totalSupply: someNumber(fc.integer({ min: 1, max: 1_000_000 })),
    decimals: someNumber(fc.integer({ min: 0, max: 18 })),
    price: someNumber(fc.constantFrom(1, 1.3, 0.05)),
    minInvestment: someNumber(fc.constantFrom(1, 1_000)),
    maxInvestment: someNumber(fc.constantFrom(1_000, 100_000)),
    network: choiceOf(NETWORKS),
    lockUpMonths: someNumber(fc.integer({ min: 0, max: 120 })),
    feePercent: someNumber(fc.constantFrom(0, 3.5, 10)),
  }),
);
const configured = fc.record({ type: fc.constant('ConfigureToken' as const), assetId, ownerId, terms });
const requested = fc.record({ type: fc.constant('RequestTokenization' as const), assetId, ownerId, plan });
const approved = fc.record({ type: fc.constant('ApproveTokenization' as const), assetId, adminId: anyId });
const returned = fc.record({
  type: fc.constant('ReturnTokenization' as const),
  assetId,
  adminId: anyId,
  reason: someText(fc.constant('The report is unsigned')),
});

/** The wizard's steps in order, by the owner (each mostly well-formed): runs get to review and the cap table. */
const byOwner = <C extends { ownerId: string }>(command: fc.Arbitrary<C>) =>
  command.map((c) => ({ ...c, ownerId: OWNER }));
const opening = [
  draft,
  byOwner(recordDocument).map((c) => ({ ...c, kind: 'property-deed' as const })),
  byOwner(recordDocument).map((c) => ({ ...c, kind: 'valuation-report' as const })),
  byOwner(valued),
  byOwner(configured),
];
const next: fc.Arbitrary<AssetCommand> = fc.oneof(
  { weight: 1, arbitrary: draft },
  { weight: 4, arbitrary: recordDocument },
  { weight: 2, arbitrary: valued },
  { weight: 2, arbitrary: configured },
  { weight: 3, arbitrary: requested },
  { weight: 2, arbitrary: approved },
  { weight: 1, arbitrary: returned },
);

describe('Asset decider, properties', () => {
  it('whatever is asked, with whatever ids and numbers: events fit, numbers stay whole and finite', () => {
    checkDecider(asset, {
      commands: commandsOf(next, { opening, max: 16 }),
      wholeNumbers: (s) => [
        s.currentStep,
        ...(s.terms ? [s.terms.totalSupply, s.terms.decimals, s.terms.lockUpMonths] : []),
      ],
      invariant(state) {
        // Under review or tokenized only with a valuation and token terms on record.
        const submitted = state.status === 'pending' || state.status === 'active';
        if (submitted) expect([state.value, state.terms]).not.toContain(null);
        expect(state.currentStep).toBeGreaterThanOrEqual(1);
        expect(state.currentStep).toBeLessThanOrEqual(5);
        expect([...state.documents.keys()].every((k) => DOCUMENT_KINDS.includes(k))).toBe(true);
      },
    });
  });
});
