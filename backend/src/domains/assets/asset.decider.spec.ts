import { specify } from '../../testing/decider-spec.js';
import { PLANS } from '../plans/plans.js';
import { asset, SUBSCRIPTION_REQUIRED, type AssetCommand, type PlanStanding } from './asset.decider.js';
import type { AssetEvent, TokenTerms } from './events.js';

const assetId = 'a-1';
const ownerId = 'owner-1';
const { given } = specify(asset);

const professional: PlanStanding = { canCreateTokens: true, tier: 'professional', limits: PLANS.professional.limits };
const noPlan: PlanStanding = { canCreateTokens: false, tier: null, limits: PLANS.starter.limits };

const draft = (plan: PlanStanding = professional, totalValue = 1_200_000): AssetCommand => ({
  type: 'DraftAsset',
  assetId,
  ownerId,
  name: 'Harbour View Apartments',
  description: 'Twelve apartments on the Tauranga waterfront',
  assetType: 'property',
  address: '1 The Strand, Tauranga',
  totalValue,
  tokenCount: 1_200_000,
  plan,
});
const drafted: AssetEvent = {
  type: 'AssetDrafted',
  data: {
    assetId,
    ownerId,
    name: 'Harbour View Apartments',
    description: 'Twelve apartments on the Tauranga waterfront',
    assetType: 'property',
    address: '1 The Strand, Tauranga',
    totalValue: 1_200_000,
    tokenCount: 1_200_000,
  },
};
const uploaded = (kind: 'property-deed' | 'valuation-report'): AssetEvent => ({
  type: 'DocumentUploaded',
  data: {
    assetId,
    ownerId,
    documentId: `doc-${kind}`,
    kind,
    fileName: `${kind}.pdf`,
    size: 1234,
    sha256: 'ab'.repeat(32),
  },
});
const valued: AssetEvent = {
  type: 'AssetValued',
  data: { assetId, ownerId, value: 1_250_000, method: 'property-calculator' },
};
const terms: TokenTerms = {
  symbol: 'HVA',
  name: 'Harbour View Token',
  totalSupply: 1_250_000,
  decimals: 0,
  price: 1,
  minInvestment: 1_000,
  maxInvestment: 250_000,
  network: 'polygon',
  lockUpMonths: 12,
  feePercent: 3.5,
};
const configured: AssetEvent = { type: 'TokenConfigured', data: { assetId, ownerId, terms } };
const requested: AssetEvent = { type: 'TokenizationRequested', data: { assetId, ownerId } };
const ready = [drafted, uploaded('property-deed'), uploaded('valuation-report'), valued, configured];

describe('Asset decider', () => {
  it('given nothing, when an owner with a plan drafts, then AssetDrafted at step 2', () => {
    const { type: _t, plan: _p, ...data } = draft() as Extract<AssetCommand, { type: 'DraftAsset' }>;
    expect(given([]).when(draft())).toEqual({ events: [{ type: 'AssetDrafted', data }], error: null });
    expect(given([drafted]).state.currentStep).toBe(2);
  });

  it('refuses a draft without an active subscription or the Starter plan (spec §6), and past the value limit', () => {
    expect(given([]).when(draft(noPlan)).error).toMatchObject({
      message: SUBSCRIPTION_REQUIRED,
      status: 403,
      title: 'Subscription Required',
    });
    expect(given([]).when(draft(professional, 2_000_001)).error?.message).toBe(
      'Your Professional plan covers assets up to $2,000,000. Upgrade your plan to tokenize a larger asset.',
    );
    expect(
      given([]).when(draft({ canCreateTokens: true, tier: 'enterprise', limits: PLANS.enterprise.limits }, 90_000_000))
        .error,
    ).toBeNull();
  });

  it('moves through the steps in order: documents, then valuation, then token terms', () => {
    expect(
      given([drafted]).when({
        type: 'ValueAsset',
        assetId,
        ownerId,
        value: 1,
        method: 'owner-estimate',
        plan: professional,
      }).error?.message,
    ).toBe('Upload the Property Deed and Valuation Report first');
    expect(given([drafted, uploaded('property-deed')]).state.currentStep).toBe(2);
    expect(given([drafted, uploaded('property-deed'), uploaded('valuation-report')]).state.currentStep).toBe(3);
    expect(given(ready.slice(0, 3)).when({ type: 'ConfigureToken', assetId, ownerId, terms }).error?.message).toBe(
      'Value the asset first',
    );
    expect(given(ready.slice(0, 4)).state.currentStep).toBe(4);
    expect(given(ready).state.currentStep).toBe(5);
  });

  it('checks the token terms field by field', () => {
    const { error } = given(ready.slice(0, 4)).when({
      type: 'ConfigureToken',
      assetId,
      ownerId,
      terms: { ...terms, symbol: 'toolong1', maxInvestment: 10, decimals: 19 },
    });
    expect(error).toMatchObject({ status: 400 });
    expect((error as unknown as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
      'symbol',
      'decimals',
      'maxInvestment',
    ]);
  });

  it('given a complete draft, when submitted, then pending; frozen until an admin decides', () => {
    expect(given(ready).when({ type: 'RequestTokenization', assetId, ownerId, plan: professional }).events).toEqual([
      requested,
    ]);
    expect(
      given([...ready, requested]).when({
        type: 'ValueAsset',
        assetId,
        ownerId,
        value: 2,
        method: 'owner-estimate',
        plan: professional,
      }).error?.message,
    ).toBe('This asset is awaiting review and cannot be changed');
    expect(
      given([drafted]).when({ type: 'RequestTokenization', assetId, ownerId, plan: professional }).error?.message,
    ).toBe('Complete every step before submitting');
  });

  it('approval carries the terms and value a minting process needs; sending back needs a reason and reopens the draft', () => {
    expect(
      given([...ready, requested]).when({ type: 'ApproveTokenization', assetId, adminId: 'admin-1' }).events,
    ).toEqual([
      { type: 'TokenizationApproved', data: { assetId, ownerId, approvedBy: 'admin-1', terms, value: 1_250_000 } },
    ]);
    expect(
      given([...ready, requested]).when({ type: 'ReturnTokenization', assetId, adminId: 'admin-1', reason: ' ' }).error
        ?.message,
    ).toBe('Please give the owner a reason of at least 5 characters');
    const returned: AssetEvent = {
      type: 'TokenizationReturned',
      data: { assetId, ownerId, returnedBy: 'admin-1', reason: 'The deed names another owner' },
    };
    expect(
      given([...ready, requested]).when({
        type: 'ReturnTokenization',
        assetId,
        adminId: 'admin-1',
        reason: 'The deed names another owner',
      }).events,
    ).toEqual([returned]);
    expect(given([...ready, requested, returned]).state.status).toBe('draft');
    expect(given(ready).when({ type: 'ApproveTokenization', assetId, adminId: 'admin-1' }).error?.message).toBe(
      'Only an asset awaiting review can be approved',
    );
  });

  it("hides another owner's asset (404) and keeps investors within the plan", () => {
    expect(
      given(ready).when({
        type: 'ValueAsset',
        assetId,
        ownerId: 'someone-else',
        value: 5,
        method: 'owner-estimate',
        plan: professional,
      }).error,
    ).toMatchObject({ status: 404 });
    const add = (n: number): AssetEvent => ({
      type: 'InvestorAdded',
      data: {
        assetId,
        ownerId,
        investorId: `i-${n}`,
        subjectId: `i-${n}`,
        tokens: 10,
        personal: { name: `Investor ${n}`, email: null },
      },
    });
    const starter: PlanStanding = { canCreateTokens: true, tier: 'starter', limits: PLANS.starter.limits };
    const ten = Array.from({ length: 10 }, (_, n) => add(n));
    expect(
      given([drafted, ...ten]).when({
        type: 'AddInvestor',
        assetId,
        ownerId,
        investorId: 'i-11',
        name: 'Eleven',
        email: null,
        tokens: 5,
        plan: starter,
      }).error?.message,
    ).toBe('Your plan covers 10 investors per asset. Upgrade your plan to add more.');
    expect(
      given([drafted]).when({
        type: 'AddInvestor',
        assetId,
        ownerId,
        investorId: 'i-1',
        name: 'Aroha',
        email: null,
        tokens: 0,
        plan: starter,
      }).error?.message,
    ).toBe('Tokens held must be a whole number of at least 1');
  });
});
