import { OWN_REQUEST } from '../../messages.js';
import { specify } from '../../testing/decider-spec.js';
import { PLANS } from '../plans/plans.js';
import { SUBSCRIPTION_REQUIRED } from '../../messages.js';
import { asset, type AssetCommand, type PlanStanding } from './asset.decider.js';
import type { AssetEvent, AssetType, DocumentKind, TokenTerms } from './events.js';

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
const uploaded = (kind: DocumentKind): AssetEvent => ({
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

const draftedAs = (assetType: AssetType): AssetEvent => ({
  type: 'AssetDrafted',
  data: { ...(drafted.data as Extract<AssetEvent, { type: 'AssetDrafted' }>['data']), assetType },
});
const recordDocument = (kind: DocumentKind): AssetCommand => ({
  type: 'RecordDocument',
  assetId,
  ownerId,
  documentId: `doc-${kind}`,
  kind,
  fileName: `${kind}.pdf`,
  size: 1234,
  sha256: 'ab'.repeat(32),
});
const valueAsset: AssetCommand = {
  type: 'ValueAsset',
  assetId,
  ownerId,
  value: 500_000,
  method: 'startup-calculator',
  plan: professional,
};

describe('Asset decider', () => {
  it('given nothing, when an owner with a plan drafts, then AssetDrafted at step 2', () => {
    const { type: _t, plan: _p, ...data } = draft() as Extract<AssetCommand, { type: 'DraftAsset' }>;
    expect(given([]).when(draft())).toEqual({ events: [{ type: 'AssetDrafted', data }], error: null });
    expect(given([drafted]).state.currentStep).toBe(2);
  });

  it('refuses a draft without an active subscription or the Starter plan (docs/specification.md §6), and past the value limit', () => {
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

  it('given a startup, when its owner uploads, then it is asked for its constitution and share register, not a deed', () => {
    const startup = draftedAs('startup');
    expect(given([startup]).when(recordDocument('property-deed')).error).toMatchObject({
      status: 404,
      message: 'A startup asset needs its Company Constitution and Shareholder Register, not this document',
    });
    expect(given([startup]).when(valueAsset).error?.message).toBe(
      'Upload the Company Constitution and Shareholder Register first',
    );
    expect(given([startup]).when(recordDocument('company-constitution')).events).toHaveLength(1);
    const documented = [startup, uploaded('company-constitution'), uploaded('shareholder-register')];
    expect(given(documented.slice(0, 2)).state.currentStep).toBe(2);
    expect(given(documented).state.currentStep).toBe(3);
    expect(given(documented).when(valueAsset).events).toHaveLength(1);
  });

  it('given a business, then its financial statements and valuation report are asked for', () => {
    const business = draftedAs('business');
    expect(given([business]).when(recordDocument('shareholder-register')).error).toMatchObject({ status: 404 });
    expect(given([business]).when(valueAsset).error?.message).toBe(
      'Upload the Financial Statements and Valuation Report first',
    );
    expect(given([business, uploaded('financial-statements'), uploaded('valuation-report')]).state.currentStep).toBe(3);
  });

  it('given a startup documented before kinds depended on the type (deed and valuation report), then it stays documented', () => {
    const old = [draftedAs('startup'), uploaded('property-deed'), uploaded('valuation-report')];
    expect(given(old).state.currentStep).toBe(3);
    expect(given(old).when(valueAsset).events).toHaveLength(1);
    // Its deed may still be replaced.
    expect(given(old).when(recordDocument('property-deed')).events).toHaveLength(1);
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

  it("hides another owner's asset (404); a new total supply must cover the tokens already on the cap table", () => {
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
    const held: AssetEvent = {
      type: 'InvestorAdded',
      data: {
        assetId,
        ownerId,
        investorId: 'i-1',
        subjectId: 'i-1',
        tokens: 5_000,
        personal: { name: 'Aroha', email: null },
      },
    };
    const configure = (totalSupply: number): AssetCommand => ({
      type: 'ConfigureToken',
      assetId,
      ownerId,
      terms: { ...terms, totalSupply },
    });
    expect(given([...ready, held]).when(configure(4_999)).error?.message).toBe(
      'Total supply must cover the 5,000 tokens already on the cap table',
    );
    expect(given([...ready, held]).when(configure(5_000)).events).toHaveLength(1);
  });

  it('four eyes: the owner, though an admin, neither approves nor sends back their own asset (403, nothing decided)', () => {
    const own = given([...ready, requested]);
    for (const command of [
      { type: 'ApproveTokenization', assetId, adminId: ownerId },
      { type: 'ReturnTokenization', assetId, adminId: ownerId, reason: 'Looks fine to me' },
    ] as const)
      expect(own.when(command)).toMatchObject({ events: null, error: { message: OWN_REQUEST, status: 403 } });
    expect(own.when({ type: 'ApproveTokenization', assetId, adminId: 'admin-2' }).events).toHaveLength(1);
  });
});
