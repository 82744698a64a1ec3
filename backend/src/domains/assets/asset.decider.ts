import type { Decider } from '../../platform/decider.js';
import { DomainError, requireValidFields } from '../../platform/errors.js';
import { PLANS, type PlanLimits, type Tier } from '../plans/plans.js';
import { DOCUMENT_KINDS, DOCUMENT_NAMES, type AssetEvent, type AssetType, type DocumentKind, type TokenTerms, type ValuationMethod } from './events.js';

export type AssetStatus = 'none' | 'draft' | 'pending' | 'active';

/** What the owner's plan allows, read by the handler from the subscriptions read model. */
export interface PlanStanding {
  canCreateTokens: boolean;
  tier: Tier | null;
  limits: PlanLimits;
  /** Assets the owner already has (any status). */
  assetsOwned: number;
}

export interface AssetState {
  status: AssetStatus;
  ownerId: string | null;
  documents: Partial<Record<DocumentKind, string>>;
  value: number | null;
  terms: TokenTerms | null;
  investors: number;
  /** The wizard step the owner is on: 1 details, 2 documents, 3 valuation, 4 token configuration, 5 deploy. */
  currentStep: number;
}

export type AssetCommand =
  | { type: 'DraftAsset'; assetId: string; ownerId: string; name: string; description: string; assetType: AssetType; address: string | null; totalValue: number; tokenCount: number; plan: PlanStanding }
  | { type: 'RecordDocument'; assetId: string; ownerId: string; documentId: string; kind: DocumentKind; fileName: string; size: number; sha256: string }
  | { type: 'ValueAsset'; assetId: string; ownerId: string; value: number; method: ValuationMethod; plan: PlanStanding }
  | { type: 'ConfigureToken'; assetId: string; ownerId: string; terms: TokenTerms }
  | { type: 'RequestTokenization'; assetId: string; ownerId: string; plan: PlanStanding }
  | { type: 'ApproveTokenization'; assetId: string; adminId: string }
  | { type: 'ReturnTokenization'; assetId: string; adminId: string; reason: string }
  | { type: 'AddInvestor'; assetId: string; ownerId: string; investorId: string; name: string; email: string | null; tokens: number; plan: PlanStanding };

export const SUBSCRIPTION_REQUIRED = 'Please upgrade your account to create tokens.';
export const ASSET_NOT_FOUND = 'Asset not found';
const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'NZD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }).format(n);

function requirePlan(plan: PlanStanding): void {
  if (!plan.canCreateTokens) throw new DomainError(SUBSCRIPTION_REQUIRED, 403, undefined, 'Subscription Required');
}

function requireValueWithinPlan(plan: PlanStanding, value: number, field: string): void {
  const max = plan.limits.maxAssetValue;
  if (max !== null && value > max) {
    const message = `Your ${plan.tier ? PLANS[plan.tier].name : 'current'} plan covers assets up to ${money(max)}. Upgrade your plan to tokenize a larger asset.`;
    throw new DomainError(message, 403, [{ field, message }], 'Plan Limit Reached');
  }
}

/** The owner's draft, and only while it is a draft: a pending or tokenized asset is frozen. */
function requireEditableBy(state: AssetState, ownerId: string): void {
  if (state.status === 'none' || state.ownerId !== ownerId) throw new DomainError(ASSET_NOT_FOUND, 404);
  if (state.status === 'pending') throw new DomainError('This asset is awaiting review and cannot be changed', 409);
  if (state.status === 'active') throw new DomainError('This asset is tokenized and cannot be changed', 409);
}

/** Token terms that a regulated offering can stand on; one message per field. */
export const TOKENS_HELD = 'Tokens held must be a whole number of at least 1';
export const SYMBOL_SHAPE = 'Symbol must be 3 to 6 capital letters or digits';

export function checkTerms(terms: TokenTerms): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  const fail = (field: keyof TokenTerms, message: string) => errors.push({ field, message });
  if (!/^[A-Z0-9]{3,6}$/.test(terms.symbol)) fail('symbol', SYMBOL_SHAPE);
  if (terms.name.trim().length < 2) fail('name', 'Token name is required');
  if (!Number.isInteger(terms.totalSupply) || terms.totalSupply < 1) fail('totalSupply', 'Total supply must be a whole number of at least 1');
  if (!Number.isInteger(terms.decimals) || terms.decimals < 0 || terms.decimals > 18) fail('decimals', 'Decimals must be between 0 and 18');
  if (!(terms.price > 0)) fail('price', 'Token price must be more than 0');
  if (!(terms.minInvestment > 0)) fail('minInvestment', 'Minimum investment must be more than 0');
  if (!(terms.maxInvestment >= terms.minInvestment)) fail('maxInvestment', 'Maximum investment must be at least the minimum investment');
  if (!Number.isInteger(terms.lockUpMonths) || terms.lockUpMonths < 0 || terms.lockUpMonths > 120) fail('lockUpMonths', 'Lock-up must be between 0 and 120 months');
  if (!(terms.feePercent >= 0 && terms.feePercent <= 10)) fail('feePercent', 'Fees must be between 0% and 10%');
  return errors;
}

const stepAfter = (s: AssetState): number => {
  if (DOCUMENT_KINDS.some((k) => !s.documents[k])) return 2;
  if (s.value === null) return 3;
  if (s.terms === null) return 4;
  return 5;
};

export const asset: Decider<AssetCommand, AssetEvent, AssetState> = {
  name: 'asset',
  schemaVersions: { InvestorAdded: 2 },
  initialState: { status: 'none', ownerId: null, documents: {}, value: null, terms: null, investors: 0, currentStep: 1 },

  evolve(state, event) {
    switch (event.type) {
      case 'AssetDrafted':
        return { ...state, status: 'draft', ownerId: event.data.ownerId, currentStep: 2 };
      case 'DocumentUploaded': {
        const next = { ...state, documents: { ...state.documents, [event.data.kind]: event.data.documentId } };
        return { ...next, currentStep: stepAfter(next) };
      }
      case 'AssetValued': {
        const next = { ...state, value: event.data.value };
        return { ...next, currentStep: stepAfter(next) };
      }
      case 'TokenConfigured': {
        const next = { ...state, terms: event.data.terms };
        return { ...next, currentStep: stepAfter(next) };
      }
      case 'TokenizationRequested':
        return { ...state, status: 'pending' };
      case 'TokenizationApproved':
        return { ...state, status: 'active' };
      case 'TokenizationReturned':
        return { ...state, status: 'draft' };
      case 'InvestorAdded':
        return { ...state, investors: state.investors + 1 };
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'DraftAsset': {
        if (state.status !== 'none') throw new DomainError('This asset already exists', 409);
        requirePlan(command.plan);
        const { maxAssets } = command.plan.limits;
        if (maxAssets !== null && command.plan.assetsOwned >= maxAssets) {
          throw new DomainError(`Your plan covers ${maxAssets} tokenized asset${maxAssets === 1 ? '' : 's'}. Upgrade your plan to add another.`, 403, undefined, 'Plan Limit Reached');
        }
        requireValueWithinPlan(command.plan, command.totalValue, 'totalValue');
        const { type: _type, plan: _plan, ...data } = command;
        return [{ type: 'AssetDrafted', data }];
      }
      case 'RecordDocument': {
        requireEditableBy(state, command.ownerId);
        const { type: _type, ...data } = command;
        return [{ type: 'DocumentUploaded', data }];
      }
      case 'ValueAsset': {
        requireEditableBy(state, command.ownerId);
        const missing = DOCUMENT_KINDS.filter((k) => !state.documents[k]);
        if (missing.length) throw new DomainError(`Upload the ${missing.map((k) => DOCUMENT_NAMES[k]).join(' and ')} first`, 409);
        if (!(command.value >= 1)) throw new DomainError('Total value must be at least 1', 400, [{ field: 'value', message: 'Total value must be at least 1' }]);
        requireValueWithinPlan(command.plan, command.value, 'value');
        return [{ type: 'AssetValued', data: { assetId: command.assetId, ownerId: command.ownerId, value: command.value, method: command.method } }];
      }
      case 'ConfigureToken': {
        requireEditableBy(state, command.ownerId);
        if (state.value === null) throw new DomainError('Value the asset first', 409);
        const errors = checkTerms(command.terms);
        if (errors.length) throw new DomainError(errors[0]!.message, 400, errors);
        return [{ type: 'TokenConfigured', data: { assetId: command.assetId, ownerId: command.ownerId, terms: command.terms } }];
      }
      case 'RequestTokenization': {
        requireEditableBy(state, command.ownerId);
        requirePlan(command.plan);
        if (state.terms === null || state.value === null) throw new DomainError('Complete every step before submitting', 409);
        return [{ type: 'TokenizationRequested', data: { assetId: command.assetId, ownerId: command.ownerId } }];
      }
      case 'ApproveTokenization': {
        if (state.status !== 'pending') throw new DomainError('Only an asset awaiting review can be approved', 409);
        return [{ type: 'TokenizationApproved', data: { assetId: command.assetId, ownerId: state.ownerId!, approvedBy: command.adminId, terms: state.terms!, value: state.value! } }];
      }
      case 'ReturnTokenization': {
        if (state.status !== 'pending') throw new DomainError('Only an asset awaiting review can be sent back', 409);
        const reason = command.reason.trim();
        if (reason.length < 5) throw new DomainError('Please give the owner a reason of at least 5 characters', 400, [{ field: 'reason', message: 'Please give the owner a reason of at least 5 characters' }]);
        return [{ type: 'TokenizationReturned', data: { assetId: command.assetId, ownerId: state.ownerId!, returnedBy: command.adminId, reason } }];
      }
      case 'AddInvestor': {
        if (state.status === 'none' || state.ownerId !== command.ownerId) throw new DomainError(ASSET_NOT_FOUND, 404);
        const max = command.plan.limits.maxInvestorsPerAsset;
        if (max !== null && state.investors >= max) throw new DomainError(`Your plan covers ${max} investors per asset. Upgrade your plan to add more.`, 403, undefined, 'Plan Limit Reached');
        const tokensOk = Number.isInteger(command.tokens) && command.tokens >= 1;
        requireValidFields([!tokensOk && { field: 'tokens', message: TOKENS_HELD }]);
        return [{ type: 'InvestorAdded', data: { assetId: command.assetId, ownerId: command.ownerId, investorId: command.investorId, subjectId: command.investorId, tokens: command.tokens, personal: { name: command.name, email: command.email } } }];
      }
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
