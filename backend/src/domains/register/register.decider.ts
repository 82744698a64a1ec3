import type { Decider } from '../../platform/decider.js';
import { DomainError, requireValidFields, type FieldError } from '../../platform/errors.js';
import { misfit } from '../../platform/event-schema.js';
import { requireAnotherDecider } from '../../platform/four-eyes.js';
import { ASSET_FIELDS } from '../assets/events.js';
import { toCents } from '../offerings/money.js';
import { ERROR_TITLES, HOLDER_MESSAGES, INVALID_EMAIL } from '../../messages.js';
import { assetStreamEventSchemas, REGISTER_FIELDS, type AssetStreamEvent, type TokensAllocated } from './events.js';
import { upcasters } from '../upcasters.js';

export type RegisterStatus = 'none' | 'draft' | 'pending' | 'active';

export interface OfferingAllocation {
  allocated: number;
  issued: number;
  returned: number;
  closed: boolean;
  /** The offering stream's revision the register has followed up to (-1: nothing yet). */
  settledThrough: number;
  /** The offering's price per token, cents (its terms, carried by the allocation): what its sales raised. */
  priceCents: number;
}

export interface SupplyChange {
  delta: number;
  ownerId: string;
}

/** Maps throughout: ids come from outside, and `constructor` must never be found on a prototype. */
export interface RegisterState {
  status: RegisterStatus;
  ownerId: string | null;
  supply: number;
  /** Off-platform holders the owner recorded: investor id → tokens. */
  holders: ReadonlyMap<string, number>;
  offerings: ReadonlyMap<string, OfferingAllocation>;
  /** Platform investors: investor id → tokens issued to them. */
  investors: ReadonlyMap<string, number>;
  /** Supply changes awaiting an admin. */
  pendingChanges: ReadonlyMap<string, SupplyChange>;
}

export interface RegisterTotals {
  supply: number;
  ownerRetained: number;
  offPlatform: number;
  /** Allocated to offerings and not (yet) issued: open offerings' unsold tokens and pending investments. */
  unsold: number;
  issued: number;
}

const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const v of values) total += v;
  return total;
};
const unsoldOf = (o: Pick<OfferingAllocation, 'allocated' | 'issued' | 'returned'>) =>
  o.allocated - o.issued - o.returned;

/**
 * The register's arithmetic, over any shape of its parts (the decider's Maps, the read model's rows): one place
 * that says owner retained is the supply less everything else.
 */
export function totalsFrom(
  supply: number,
  holdings: Iterable<number>,
  allocations: Iterable<Pick<OfferingAllocation, 'allocated' | 'issued' | 'returned'>>,
  issuedToInvestors: Iterable<number>,
): RegisterTotals {
  const offPlatform = sum(holdings);
  const unsold = sum([...allocations].map(unsoldOf));
  const issued = sum(issuedToInvestors);
  return { supply, ownerRetained: supply - offPlatform - unsold - issued, offPlatform, unsold, issued };
}

export function registerTotals(state: RegisterState): RegisterTotals {
  return totalsFrom(state.supply, state.holders.values(), state.offerings.values(), state.investors.values());
}

/** What an offering, a new holding or a cancellation may still take: the owner's retained tokens. */
export const available = (state: RegisterState) => registerTotals(state).ownerRetained;

/** One fact of an offering stream that moves tokens, at its revision there (offering-allocations.ts reads them). */
export type OfferingFact =
  | { revision: number; kind: 'confirmed'; investmentId: string; investorId: string; tokens: number }
  | { revision: number; kind: 'closed'; unsold: number }
  | { revision: number; kind: 'cancelled'; investmentId: string; tokens: number };

export type RegisterCommand =
  | {
      type: 'AddInvestor';
      assetId: string;
      ownerId: string;
      investorId: string;
      name: string;
      email: string | null;
      tokens: number;
      /** The owner's plan: off-platform holders per asset (null: unlimited). */
      maxInvestors: number | null;
    }
  | {
      type: 'ChangeInvestorHolding';
      assetId: string;
      ownerId: string;
      investorId: string;
      name: string;
      email: string | null;
      tokens: number;
      reason: string;
    }
  | { type: 'RemoveInvestor'; assetId: string; ownerId: string; investorId: string; reason: string }
  | {
      type: 'AllocateToOffering';
      assetId: string;
      offeringId: string;
      tokens: number;
      offering: TokensAllocated['data']['offering'];
    }
  | { type: 'ReturnUncreatedAllocation'; assetId: string; offeringId: string }
  | { type: 'SettleOffering'; assetId: string; offeringId: string; facts: readonly OfferingFact[] }
  | {
      type: 'RequestSupplyChange';
      assetId: string;
      ownerId: string;
      changeId: string;
      delta: number;
      reason: string;
      now: string;
    }
  | { type: 'ApproveSupplyChange'; assetId: string; changeId: string; adminId: string }
  | { type: 'RejectSupplyChange'; assetId: string; changeId: string; adminId: string; reason: string };

export const REGISTER_MESSAGES = {
  assetNotFound: 'Asset not found',
  investorNotFound: 'Investor not found',
  investorName: HOLDER_MESSAGES.investorName,
  investorNameLength: 'Investor name must be at most 120 characters',
  email: INVALID_EMAIL,
  tokensHeld: 'Tokens held must be a whole number of at least 1',
  reason: HOLDER_MESSAGES.reason,
  reasonLength: 'Reason must be at most 1000 characters',
  delta: 'Enter a whole number of tokens to issue (positive) or cancel (negative)',
  notApproved: 'Supply can change only once the tokenization is approved',
  notActive: 'An offering needs an asset whose tokenization is approved',
  changeNotFound: 'Supply change not found',
} as const;

const fmt = (n: number) => n.toLocaleString('en-NZ');
const tokensWord = (n: number) => `${fmt(n)} token${n === 1 ? '' : 's'}`;

/** The refusal that names what is left, for a field of the form that asked. */
export function beyondSupply(left: number, field: string, title?: string): DomainError {
  const is = left === 1 ? 'is' : 'are';
  const message =
    left <= 0
      ? 'All of this asset’s tokens are already held or offered'
      : field === 'totalTokens'
        ? `Only ${tokensWord(left)} ${is} free to offer`
        : `Only ${tokensWord(left)} of this asset ${is} unallocated`;
  return new DomainError(message, 409, [{ field, message }], title);
}

const wrong = (bad: boolean, field: string, message: string): FieldError | null => (bad ? { field, message } : null);

function reasonErrors(reason: string): (FieldError | null)[] {
  return [
    wrong(!reason.trim(), 'reason', REGISTER_MESSAGES.reason) ||
      misfit(REGISTER_FIELDS.reason, reason.trim(), 'reason', REGISTER_MESSAGES.reasonLength),
  ];
}

function holderErrors(c: { name: string; email: string | null; tokens: number }): (FieldError | null)[] {
  return [
    wrong(c.name.trim().length < 2, 'name', REGISTER_MESSAGES.investorName) ||
      misfit(ASSET_FIELDS.investorName, c.name.trim(), 'name', REGISTER_MESSAGES.investorNameLength),
    misfit(ASSET_FIELDS.investorEmail, c.email, 'email', REGISTER_MESSAGES.email),
    misfit(ASSET_FIELDS.tokens, c.tokens, 'tokens', REGISTER_MESSAGES.tokensHeld),
  ];
}

/** The owner's own asset, or 404: another owner's asset id reveals nothing. */
function requireOwner(state: RegisterState, ownerId: string): void {
  if (state.status === 'none' || state.ownerId !== ownerId) throw new DomainError(REGISTER_MESSAGES.assetNotFound, 404);
}

const withEntry = <K, V>(map: ReadonlyMap<K, V>, key: K, value: V) => new Map(map).set(key, value);
const without = <K, V>(map: ReadonlyMap<K, V>, key: K) => {
  const next = new Map(map);
  next.delete(key);
  return next;
};

function settleOne(o: OfferingAllocation, revision: number): OfferingAllocation {
  return { ...o, settledThrough: Math.max(o.settledThrough, revision) };
}

export const register: Decider<RegisterCommand, AssetStreamEvent, RegisterState> = {
  name: 'register',
  eventSchemas: assetStreamEventSchemas,
  upcasters,
  initialState: {
    status: 'none',
    ownerId: null,
    supply: 0,
    holders: new Map(),
    offerings: new Map(),
    investors: new Map(),
    pendingChanges: new Map(),
  },

  evolve(state, event) {
    switch (event.type) {
      case 'AssetDrafted':
        return { ...state, status: 'draft', ownerId: event.data.ownerId, supply: event.data.tokenCount };
      case 'TokenConfigured':
        return { ...state, supply: event.data.terms.totalSupply };
      case 'TokenizationRequested':
        return { ...state, status: 'pending' };
      case 'TokenizationApproved':
        return { ...state, status: 'active', supply: event.data.terms.totalSupply };
      case 'TokenizationReturned':
        return { ...state, status: 'draft' };
      case 'InvestorAdded':
      case 'InvestorHoldingChanged':
        return { ...state, holders: withEntry(state.holders, event.data.investorId, event.data.tokens) };
      case 'InvestorRemoved':
        return { ...state, holders: without(state.holders, event.data.investorId) };
      case 'TokensAllocated': {
        const allocation = {
          allocated: event.data.tokens,
          issued: 0,
          returned: 0,
          closed: false,
          settledThrough: -1,
          priceCents: toCents(event.data.offering.tokenPrice) ?? 0,
        };
        return { ...state, offerings: withEntry(state.offerings, event.data.offeringId, allocation) };
      }
      case 'AllocationReturned': {
        const { offeringId, tokens, cause, offeringRevision } = event.data;
        const o = state.offerings.get(offeringId);
        if (!o) return state;
        const returned = { ...o, returned: o.returned + tokens, closed: o.closed || cause !== 'cancelled-after-close' };
        const next = offeringRevision === null ? returned : settleOne(returned, offeringRevision);
        return { ...state, offerings: withEntry(state.offerings, offeringId, next) };
      }
      case 'TokensIssued': {
        const { offeringId, investorId, tokens, offeringRevision } = event.data;
        const o = state.offerings.get(offeringId);
        if (!o) return state;
        return {
          ...state,
          offerings: withEntry(
            state.offerings,
            offeringId,
            settleOne({ ...o, issued: o.issued + tokens }, offeringRevision),
          ),
          investors: withEntry(state.investors, investorId, (state.investors.get(investorId) ?? 0) + tokens),
        };
      }
      case 'OfferingSettled': {
        const o = state.offerings.get(event.data.offeringId);
        if (!o) return state;
        // A settled close with nothing to return still closes the allocation.
        const next = settleOne({ ...o, closed: true }, event.data.offeringRevision);
        return { ...state, offerings: withEntry(state.offerings, event.data.offeringId, next) };
      }
      case 'SupplyChangeRequested':
        return {
          ...state,
          pendingChanges: withEntry(state.pendingChanges, event.data.changeId, {
            delta: event.data.delta,
            ownerId: event.data.ownerId,
          }),
        };
      case 'SupplyChangeApproved':
        return {
          ...state,
          supply: event.data.supply,
          pendingChanges: without(state.pendingChanges, event.data.changeId),
        };
      case 'SupplyChangeRejected':
        return { ...state, pendingChanges: without(state.pendingChanges, event.data.changeId) };
      case 'DocumentUploaded':
      case 'AssetValued':
        return state;
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'AddInvestor': {
        requireOwner(state, command.ownerId);
        const max = command.maxInvestors;
        if (max !== null && state.holders.size >= max)
          throw new DomainError(
            `Your plan covers ${max} investors per asset. Upgrade your plan to add more.`,
            403,
            undefined,
            'Plan Limit Reached',
          );
        requireValidFields(holderErrors(command));
        if (command.tokens > available(state)) throw beyondSupply(available(state), 'tokens');
        const { assetId, ownerId, investorId, tokens } = command;
        const personal = { name: command.name.trim(), email: command.email };
        return [
          { type: 'InvestorAdded', data: { assetId, ownerId, investorId, subjectId: investorId, tokens, personal } },
        ];
      }
      case 'ChangeInvestorHolding': {
        requireOwner(state, command.ownerId);
        const previous = state.holders.get(command.investorId);
        if (previous === undefined) throw new DomainError(REGISTER_MESSAGES.investorNotFound, 404);
        requireValidFields([...holderErrors(command), ...reasonErrors(command.reason)]);
        const left = available(state) + previous;
        if (command.tokens > left) throw beyondSupply(left, 'tokens');
        const { assetId, ownerId, investorId, tokens } = command;
        const personal = { name: command.name.trim(), email: command.email, reason: command.reason.trim() };
        return [
          {
            type: 'InvestorHoldingChanged',
            data: { assetId, ownerId, investorId, subjectId: investorId, tokens, previousTokens: previous, personal },
          },
        ];
      }
      case 'RemoveInvestor': {
        requireOwner(state, command.ownerId);
        const tokens = state.holders.get(command.investorId);
        if (tokens === undefined) throw new DomainError(REGISTER_MESSAGES.investorNotFound, 404);
        requireValidFields(reasonErrors(command.reason));
        const { assetId, ownerId, investorId } = command;
        const personal = { reason: command.reason.trim() };
        return [
          { type: 'InvestorRemoved', data: { assetId, ownerId, investorId, subjectId: investorId, tokens, personal } },
        ];
      }
      case 'AllocateToOffering': {
        if (state.status !== 'active')
          throw new DomainError(REGISTER_MESSAGES.notActive, 409, undefined, ERROR_TITLES.creationFailed);
        if (state.offerings.has(command.offeringId)) throw new DomainError('This offering already exists', 409);
        if (command.tokens > available(state))
          throw beyondSupply(available(state), 'totalTokens', ERROR_TITLES.creationFailed);
        const { assetId, offeringId, tokens, offering } = command;
        return [{ type: 'TokensAllocated', data: { assetId, ownerId: state.ownerId!, offeringId, tokens, offering } }];
      }
      case 'ReturnUncreatedAllocation': {
        // Compensation: only an allocation that never sold anything goes back whole.
        const o = state.offerings.get(command.offeringId);
        if (!o || o.closed || o.issued > 0 || o.settledThrough >= 0) return [];
        const { assetId, offeringId } = command;
        return [
          {
            type: 'AllocationReturned',
            data: { assetId, offeringId, tokens: o.allocated, cause: 'not-created', offeringRevision: null },
          },
        ];
      }
      case 'SettleOffering':
        return settle(state, command);
      case 'RequestSupplyChange': {
        requireOwner(state, command.ownerId);
        if (state.status !== 'active') throw new DomainError(REGISTER_MESSAGES.notApproved, 409);
        if (state.pendingChanges.has(command.changeId)) throw new DomainError('This supply change already exists', 409);
        const delta = command.delta;
        requireValidFields([
          wrong(!Number.isSafeInteger(delta) || delta === 0, 'delta', REGISTER_MESSAGES.delta) ||
            misfit(REGISTER_FIELDS.delta, delta, 'delta', REGISTER_MESSAGES.delta) ||
            misfit(ASSET_FIELDS.tokenCount, state.supply + delta, 'delta', 'The supply must stay at least 1 token'),
          ...reasonErrors(command.reason),
        ]);
        if (-delta > available(state)) throw cancelBeyondRetained(available(state));
        const { assetId, ownerId, changeId } = command;
        const reason = command.reason.trim();
        return [
          {
            type: 'SupplyChangeRequested',
            data: { assetId, ownerId, changeId, delta, reason, requestedAt: command.now },
          },
        ];
      }
      case 'ApproveSupplyChange': {
        const change = state.pendingChanges.get(command.changeId);
        if (!change) throw new DomainError(REGISTER_MESSAGES.changeNotFound, 404);
        requireAnotherDecider(command.adminId, [change.ownerId, state.ownerId]);
        // Checked again: offerings may have taken the owner's tokens since the request.
        if (-change.delta > available(state)) throw cancelBeyondRetained(available(state));
        const { assetId, changeId, adminId } = command;
        return [
          {
            type: 'SupplyChangeApproved',
            data: {
              assetId,
              ownerId: change.ownerId,
              changeId,
              delta: change.delta,
              supply: state.supply + change.delta,
              approvedBy: adminId,
            },
          },
        ];
      }
      case 'RejectSupplyChange': {
        const change = state.pendingChanges.get(command.changeId);
        if (!change) throw new DomainError(REGISTER_MESSAGES.changeNotFound, 404);
        requireAnotherDecider(command.adminId, [change.ownerId, state.ownerId]);
        requireValidFields(reasonErrors(command.reason));
        const { assetId, changeId, adminId } = command;
        return [
          {
            type: 'SupplyChangeRejected',
            data: { assetId, ownerId: change.ownerId, changeId, reason: command.reason.trim(), rejectedBy: adminId },
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

function cancelBeyondRetained(left: number): DomainError {
  const message = `Only the owner’s ${tokensWord(Math.max(left, 0))} not held or offered can be cancelled`;
  return new DomainError(message, 409, [{ field: 'delta', message }]);
}

/**
 * Follows an offering's stream: each fact past the revision already settled, in order. A confirmation issues
 * tokens; a close returns what was unsold (pending investments keep their reservation); a cancellation after the
 * close returns that investment's tokens — before the close they simply go back to the offering.
 */
function settle(
  state: RegisterState,
  command: Extract<RegisterCommand, { type: 'SettleOffering' }>,
): AssetStreamEvent[] {
  const { assetId, offeringId } = command;
  let o = state.offerings.get(offeringId);
  if (!o) return [];
  const events: AssetStreamEvent[] = [];
  for (const fact of command.facts) {
    if (fact.revision <= o.settledThrough) continue;
    const offeringRevision = fact.revision;
    switch (fact.kind) {
      case 'confirmed': {
        const { investmentId, investorId, tokens } = fact;
        events.push({
          type: 'TokensIssued',
          data: { assetId, ownerId: state.ownerId!, offeringId, investmentId, investorId, tokens, offeringRevision },
        });
        o = settleOne({ ...o, issued: o.issued + tokens }, offeringRevision);
        break;
      }
      case 'closed': {
        const tokens = Math.min(fact.unsold, unsoldOf(o));
        events.push(
          tokens > 0
            ? { type: 'AllocationReturned', data: { assetId, offeringId, tokens, cause: 'closed', offeringRevision } }
            : { type: 'OfferingSettled', data: { assetId, offeringId, offeringRevision } },
        );
        o = settleOne({ ...o, returned: o.returned + tokens, closed: true }, offeringRevision);
        break;
      }
      case 'cancelled': {
        if (!o.closed) break; // back in the offering, which is still selling
        const tokens = Math.min(fact.tokens, unsoldOf(o));
        events.push(
          tokens > 0
            ? {
                type: 'AllocationReturned',
                data: { assetId, offeringId, tokens, cause: 'cancelled-after-close', offeringRevision },
              }
            : { type: 'OfferingSettled', data: { assetId, offeringId, offeringRevision } },
        );
        o = settleOne({ ...o, returned: o.returned + tokens }, offeringRevision);
        break;
      }
      default: {
        const _exhaustive: never = fact;
        break;
      }
    }
  }
  return events;
}
