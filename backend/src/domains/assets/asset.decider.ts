import type { Decider } from '../../platform/decider.js';
import { DomainError, requireValidFields, type FieldError } from '../../platform/errors.js';
import { ensure, misfit } from '../../platform/event-schema.js';
import { requireAnotherDecider } from '../../platform/four-eyes.js';
import { formatNzd } from '../offerings/money.js';
import { PLANS, type PlanLimits, type Tier } from '../plans/plans.js';
import { available, register, type RegisterState } from '../register/register.decider.js';
import { assetStreamEventSchemas, type AssetStreamEvent } from '../register/events.js';
import { ASSET_MESSAGES, ERROR_TITLES, SUBSCRIPTION_REQUIRED, TOKEN_TERMS_MESSAGES } from '../../messages.js';
import {
  acceptsDocument,
  ASSET_FIELDS,
  documentList,
  missingDocuments,
  REQUIRED_DOCUMENTS,
  TERM_FIELDS,
  type AssetDrafted,
  type AssetType,
  type DocumentKind,
  type DocumentUploaded,
  type TokenTerms,
  type ValuationMethod,
} from './events.js';
import { upcasters } from '../upcasters.js';

export type AssetStatus = 'none' | 'draft' | 'pending' | 'active';

/** What the owner's plan allows, read by the handler from the subscriptions read model. */
export interface PlanStanding {
  canCreateTokens: boolean;
  tier: Tier | null;
  limits: PlanLimits;
}

export interface AssetState {
  status: AssetStatus;
  ownerId: string | null;
  /** Which documents the asset needs (REQUIRED_DOCUMENTS); null before it is drafted. */
  assetType: AssetType | null;
  /** Document id by kind. */
  documents: ReadonlyMap<DocumentKind, string>;
  value: number | null;
  terms: TokenTerms | null;
  /** The asset's register, folded from the same stream: a new supply must cover what is already held. */
  register: RegisterState;
  /** The wizard step the owner is on: 1 details, 2 documents, 3 valuation, 4 token configuration, 5 deploy. */
  currentStep: number;
}

export type AssetCommand =
  // The draft as it is recorded, with the owner's plan to check its value against.
  | ({ type: 'DraftAsset'; plan: PlanStanding } & AssetDrafted['data'])
  | ({ type: 'RecordDocument' } & DocumentUploaded['data'])
  | { type: 'ValueAsset'; assetId: string; ownerId: string; value: number; method: ValuationMethod; plan: PlanStanding }
  | { type: 'ConfigureToken'; assetId: string; ownerId: string; terms: TokenTerms }
  | { type: 'RequestTokenization'; assetId: string; ownerId: string; plan: PlanStanding }
  | { type: 'ApproveTokenization'; assetId: string; adminId: string }
  | { type: 'ReturnTokenization'; assetId: string; adminId: string; reason: string };

/** A field's error when `bad`, for requireValidFields (which lists every wrong field at once). */
const wrong = (bad: boolean, field: string, message: string): FieldError | null => (bad ? { field, message } : null);

export const ASSET_NOT_FOUND = 'Asset not found';
const UNKNOWN_DOCUMENT = 'Unknown document';

function requirePlan(plan: PlanStanding): void {
  if (!plan.canCreateTokens)
    throw new DomainError(SUBSCRIPTION_REQUIRED, 403, undefined, ERROR_TITLES.subscriptionRequired);
}

function requireValueWithinPlan(plan: PlanStanding, value: number, field: string): void {
  const max = plan.limits.maxAssetValue;
  if (max !== null && value > max) {
    const message = `Your ${plan.tier ? PLANS[plan.tier].name : 'current'} plan covers assets up to ${formatNzd(max * 100)}. Upgrade your plan to tokenize a larger asset.`;
    throw new DomainError(message, 403, [{ field, message }], 'Plan Limit Reached');
  }
}

/** The owner's draft, and only while it is a draft: a pending or tokenized asset is frozen. */
function requireEditableBy(state: AssetState, ownerId: string): void {
  if (state.status === 'none' || state.ownerId !== ownerId) throw new DomainError(ASSET_NOT_FOUND, 404);
  if (state.status === 'pending') throw new DomainError('This asset is awaiting review and cannot be changed', 409);
  if (state.status === 'active') throw new DomainError('This asset is tokenized and cannot be changed', 409);
}

const TERM_MESSAGES: Record<keyof TokenTerms, string> = {
  symbol: TOKEN_TERMS_MESSAGES.symbol,
  name: TOKEN_TERMS_MESSAGES.name,
  totalSupply: 'Total supply must be a whole number of at least 1',
  decimals: 'Decimals must be between 0 and 18',
  price: 'Token price must be more than 0',
  minInvestment: 'Minimum investment must be more than 0',
  maxInvestment: 'Maximum investment must be at least the minimum investment',
  network: 'Choose a network: Ethereum, Polygon or Base',
  lockUpMonths: 'Lock-up must be between 0 and 120 months',
  feePercent: 'Fees must be between 0% and 10%',
};
const TERM_KEYS = Object.keys(TERM_MESSAGES) as (keyof TokenTerms)[];

/** Token terms that a regulated offering can stand on (each field as the log needs it); one message per field. */
export function checkTerms(terms: TokenTerms): FieldError[] {
  const misfit = (key: keyof TokenTerms) =>
    TERM_FIELDS[key].check(terms[key]) !== null ||
    (key === 'name' && terms.name.trim().length < 2) ||
    (key === 'maxInvestment' && !(terms.maxInvestment >= terms.minInvestment));
  return TERM_KEYS.filter(misfit).map((field) => ({ field, message: TERM_MESSAGES[field] }));
}

const missing = (s: AssetState) => (s.assetType ? missingDocuments(s.assetType, (k) => s.documents.has(k)) : []);

const stepAfter = (s: AssetState): number => {
  if (missing(s).length) return 2;
  if (s.value === null) return 3;
  if (s.terms === null) return 4;
  return 5;
};

export const asset: Decider<AssetCommand, AssetStreamEvent, AssetState> = {
  name: 'asset',
  eventSchemas: assetStreamEventSchemas,
  upcasters,
  initialState: {
    status: 'none',
    ownerId: null,
    assetType: null,
    documents: new Map(),
    value: null,
    terms: null,
    register: register.initialState,
    currentStep: 1,
  },

  evolve(previous, event) {
    const state = { ...previous, register: register.evolve(previous.register, event) };
    switch (event.type) {
      case 'AssetDrafted':
        return {
          ...state,
          status: 'draft',
          ownerId: event.data.ownerId,
          assetType: event.data.assetType,
          currentStep: 2,
        };
      case 'DocumentUploaded': {
        const next = { ...state, documents: new Map(state.documents).set(event.data.kind, event.data.documentId) };
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
      case 'InvestorHoldingChanged':
      case 'InvestorRemoved':
      case 'TokensAllocated':
      case 'AllocationReturned':
      case 'TokensIssued':
      case 'TokensTransferred':
      case 'TokensEarmarked':
      case 'EarmarkReleased':
      case 'OfferingSettled':
      case 'SupplyChangeRequested':
      case 'SupplyChangeApproved':
      case 'SupplyChangeRejected':
      case 'FreezeRequested':
      case 'FreezeApproved':
      case 'FreezeRejected':
      case 'TransferApprovalChosen':
        return state; // the register's (register.decider.ts)
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
        // The asset count spans the owner's assets: decided on their slot stream (asset-slots.decider.ts).
        const { description, assetType } = command;
        requireValidFields([
          wrong(!command.name.trim(), 'name', ASSET_MESSAGES.name) ||
            misfit(ASSET_FIELDS.name, command.name, 'name', 'Asset name must be at most 120 characters'),
          wrong(description.trim().length < 10, 'description', ASSET_MESSAGES.description) ||
            misfit(ASSET_FIELDS.description, description, 'description', 'Description must be at most 4000 characters'),
          misfit(ASSET_FIELDS.assetType, assetType, 'assetType', 'Asset type must be property, business or startup'),
          misfit(ASSET_FIELDS.address, command.address, 'address', 'Address must be at most 300 characters'),
          misfit(ASSET_FIELDS.value, command.totalValue, 'totalValue', ASSET_MESSAGES.totalValue),
          misfit(ASSET_FIELDS.tokenCount, command.tokenCount, 'tokenCount', ASSET_MESSAGES.tokenCount),
        ]);
        requireValueWithinPlan(command.plan, command.totalValue, 'totalValue');
        const { type: _type, plan: _plan, ...data } = command;
        return [{ type: 'AssetDrafted', data }];
      }
      case 'RecordDocument': {
        ensure(ASSET_FIELDS.kind, command.kind, 'kind', UNKNOWN_DOCUMENT, 404);
        requireEditableBy(state, command.ownerId);
        const type = state.assetType!;
        if (!acceptsDocument(type, command.kind, (k) => state.documents.has(k))) {
          const wanted = REQUIRED_DOCUMENTS[type];
          throw new DomainError(`A ${type} asset needs its ${documentList(wanted)}, not this document`, 404);
        }
        requireValidFields([
          misfit(ASSET_FIELDS.fileName, command.fileName, 'fileName', 'The file name is not valid'),
          misfit(ASSET_FIELDS.size, command.size, 'size', 'The file size is not valid'),
          misfit(ASSET_FIELDS.sha256, command.sha256, 'sha256', 'The file checksum is not valid'),
        ]);
        const { type: _type, ...data } = command;
        return [{ type: 'DocumentUploaded', data }];
      }
      case 'ValueAsset': {
        requireEditableBy(state, command.ownerId);
        const toUpload = missing(state);
        if (toUpload.length) throw new DomainError(`Upload the ${documentList(toUpload)} first`, 409);
        requireValidFields([
          misfit(ASSET_FIELDS.value, command.value, 'value', ASSET_MESSAGES.totalValue),
          misfit(ASSET_FIELDS.method, command.method, 'method', 'Choose how the asset was valued'),
        ]);
        requireValueWithinPlan(command.plan, command.value, 'value');
        return [
          {
            type: 'AssetValued',
            data: { assetId: command.assetId, ownerId: command.ownerId, value: command.value, method: command.method },
          },
        ];
      }
      case 'ConfigureToken': {
        requireEditableBy(state, command.ownerId);
        if (state.value === null) throw new DomainError('Value the asset first', 409);
        requireValidFields(checkTerms(command.terms));
        const held = state.register.supply - available(state.register);
        if (command.terms.totalSupply < held) {
          const message = `Total supply must cover the ${held.toLocaleString('en-NZ')} tokens already on the cap table`;
          throw new DomainError(message, 409, [{ field: 'totalSupply', message }]);
        }
        return [
          {
            type: 'TokenConfigured',
            data: { assetId: command.assetId, ownerId: command.ownerId, terms: command.terms },
          },
        ];
      }
      case 'RequestTokenization': {
        requireEditableBy(state, command.ownerId);
        requirePlan(command.plan);
        if (state.terms === null || state.value === null)
          throw new DomainError('Complete every step before submitting', 409);
        return [{ type: 'TokenizationRequested', data: { assetId: command.assetId, ownerId: command.ownerId } }];
      }
      case 'ApproveTokenization': {
        if (state.status !== 'pending') throw new DomainError('Only an asset awaiting review can be approved', 409);
        requireAnotherDecider(command.adminId, [state.ownerId]);
        return [
          {
            type: 'TokenizationApproved',
            data: {
              assetId: command.assetId,
              ownerId: state.ownerId!,
              approvedBy: command.adminId,
              terms: state.terms!,
              value: state.value!,
            },
          },
        ];
      }
      case 'ReturnTokenization': {
        if (state.status !== 'pending') throw new DomainError('Only an asset awaiting review can be sent back', 409);
        requireAnotherDecider(command.adminId, [state.ownerId]);
        const reason = command.reason.trim();
        requireValidFields([
          wrong(reason.length < 5, 'reason', 'Please give the owner a reason of at least 5 characters') ||
            misfit(ASSET_FIELDS.reason, reason, 'reason', 'Reason must be at most 1000 characters'),
        ]);
        return [
          {
            type: 'TokenizationReturned',
            data: { assetId: command.assetId, ownerId: state.ownerId!, returnedBy: command.adminId, reason },
          },
        ];
      }
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
