import type { Decider } from '../../platform/decider.js';
import { DomainError, requireValidFields, type FieldError } from '../../platform/errors.js';
import { misfit } from '../../platform/event-schema.js';
import { requireAnotherDecider } from '../../platform/four-eyes.js';
import { ASSET_FIELDS } from '../assets/events.js';
import { toCents } from '../offerings/money.js';
import { ERROR_TITLES, HOLDER_MESSAGES, INVALID_EMAIL, TRANSFER_MESSAGES } from '../../messages.js';
import {
  assetStreamEventSchemas,
  REGISTER_FIELDS,
  type AssetStreamEvent,
  type EarmarkReleaseReason,
  type EarmarkStage,
  type FreezeAction,
  type FreezeRequested,
  type FreezeScope,
  type TokensAllocated,
  type TokensTransferred,
  type TransferApproval,
} from './events.js';
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

/** A holder's frozen tokens on one asset, as the chain holds them (T-REX keeps both apart). */
export interface Frozen {
  /** The whole holding (`setAddressFrozen`): nothing of it moves, whatever it holds. */
  address: boolean;
  /** Tokens frozen one by one (`freezePartialTokens`). */
  tokens: number;
}

/** A freeze or unfreeze awaiting another admin. */
export interface PendingFreeze {
  holderId: string;
  action: FreezeAction;
  scope: FreezeScope;
  tokens: number | null;
  reason: string;
  requestedBy: string;
}

/** A transfer's claim on its seller's tokens (`TokensEarmarked`): the latest earmark of that transfer. */
export interface Earmark {
  sellerId: string;
  tokens: number;
  stage: EarmarkStage;
  attempt: number;
  /** A promise lapses with its proposal; null: a settling earmark, which lapses never. */
  expiresAt: string | null;
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
  /** Holders with frozen tokens (a platform investor or the owner): holder id → what is frozen. */
  frozen: ReadonlyMap<string, Frozen>;
  /** Freezes and unfreezes awaiting a second admin. */
  pendingFreezes: ReadonlyMap<string, PendingFreeze>;
  /**
   * Supply changes and freeze requests already approved or rejected (their ids): a request naming one of them again is
   * a repeat, refused like one still pending, never a second request under the same id (absent: none yet).
   */
  decided?: ReadonlySet<string>;
  /** Transfers between investors recorded (domains/transfers): each once. */
  transfers?: ReadonlySet<string>;
  /** Who approves those transfers (absent: the owner). */
  transferApproval?: TransferApproval;
  /** Transfers' claims on their sellers' tokens, by transfer id, until consumed or released (absent: none yet). */
  earmarks?: ReadonlyMap<string, Earmark>;
  /**
   * Every transfer ever earmarked (released or not): a transfer not here was recorded before earmarks existed, and
   * only the transfers read model knows what it claims (`Settling`, `unearmarked`).
   */
  earmarked?: ReadonlySet<string>;
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

/** The owner's retained tokens (frozen or not). */
export const available = (state: RegisterState) => registerTotals(state).ownerRetained;

/**
 * What a holder holds on this asset, for freezing: a platform investor the tokens issued to them, the owner their
 * retained tokens (those in their wallet not allocated to an offering or an off-platform holder). 0 for anyone else.
 */
export function heldBy(state: RegisterState, holderId: string): number {
  if (holderId === state.ownerId) return Math.max(available(state), 0);
  return state.investors.get(holderId) ?? 0;
}

/** How many of a holder's tokens on this asset are frozen: all of them when the whole holding is. */
export function frozenTokens(state: RegisterState, holderId: string): number {
  const frozen = state.frozen.get(holderId);
  if (!frozen) return 0;
  const held = heldBy(state, holderId);
  return frozen.address ? held : Math.min(frozen.tokens, held);
}

/** A promise still standing at `now` (its proposal has not lapsed), or a settling earmark (which lapses never). */
const live = (e: Pick<Earmark, 'stage' | 'expiresAt'>, now: string) =>
  e.stage === 'settling' || e.expiresAt === null || e.expiresAt > now;

/** A seller's tokens claimed by transfers at a moment, as the screens show them, and by how many transfers. */
export interface EarmarkedTokens {
  /** Promised to open transfers whose proposals have not lapsed. */
  promisedTokens: number;
  promisedTransfers: number;
  /** Settling in approved transfers (they lapse never). */
  settlingTokens: number;
  settlingTransfers: number;
}

export const NOTHING_EARMARKED: Readonly<EarmarkedTokens> = {
  promisedTokens: 0,
  promisedTransfers: 0,
  settlingTokens: 0,
  settlingTransfers: 0,
};

/**
 * `earmarkedBy` split by stage, over any shape of the earmarks (the decider's Map, the read model's rows): a lapsed
 * promise counts in neither, exactly as for the decider.
 */
export function earmarkedTokens(
  earmarks: Iterable<Pick<Earmark, 'sellerId' | 'tokens' | 'stage' | 'expiresAt'>>,
  sellerId: string,
  now: string,
): EarmarkedTokens {
  const out = { ...NOTHING_EARMARKED };
  for (const e of earmarks) {
    if (e.sellerId !== sellerId || !live(e, now)) continue;
    if (e.stage === 'settling') {
      out.settlingTokens += e.tokens;
      out.settlingTransfers += 1;
    } else {
      out.promisedTokens += e.tokens;
      out.promisedTransfers += 1;
    }
  }
  return out;
}

/**
 * A seller's tokens claimed by transfers (`TokensEarmarked`), other than `except`: every live earmark, or with
 * `settlingOnly` those of transfers approved and settling on chain (what a freeze may not take).
 */
export function earmarkedBy(
  state: RegisterState,
  sellerId: string,
  options: { now?: string; except?: string | null; settlingOnly?: boolean } = {},
): number {
  let total = 0;
  for (const [transferId, e] of state.earmarks ?? []) {
    if (e.sellerId !== sellerId || transferId === options.except) continue;
    if (options.settlingOnly ? e.stage === 'settling' : options.now === undefined || live(e, options.now))
      total += e.tokens;
  }
  return total;
}

/** The tokens a holder may move (sell, transfer, have cancelled): held less frozen. */
export const freeTokens = (state: RegisterState, holderId: string) =>
  heldBy(state, holderId) - frozenTokens(state, holderId);

/** What an offering, a new holding or a cancellation may still take: the owner's retained tokens not frozen. */
export const ownerFree = (state: RegisterState) =>
  state.ownerId === null ? available(state) : available(state) - frozenTokens(state, state.ownerId);

/**
 * Refuses (409, naming the frozen count and field `tokens`) a move of more of a holder's tokens than are free.
 * Every path that moves a holder's tokens calls it; recovery moves them frozen and all, as T-REX does.
 */
export function requireFree(state: RegisterState, holderId: string, tokens: number, field = 'tokens'): void {
  const free = freeTokens(state, holderId);
  if (tokens <= free) return;
  const frozen = frozenTokens(state, holderId);
  const message = `${tokensWord(frozen)} of this holding ${frozen === 1 ? 'is' : 'are'} frozen: only ${tokensWord(Math.max(free, 0))} can move`;
  throw new DomainError(message, 409, [{ field, message }], 'Tokens Frozen');
}

/** One fact of an offering stream that moves tokens, at its revision there (offering-allocations.ts reads them). */
export type OfferingFact =
  | { revision: number; kind: 'confirmed'; investmentId: string; investorId: string; tokens: number }
  | { revision: number; kind: 'closed'; unsold: number }
  | { revision: number; kind: 'cancelled'; investmentId: string; tokens: number };

/** An off-platform holder's entry as the owner gives it, added or changed. */
interface OffPlatformHolding {
  assetId: string;
  ownerId: string;
  investorId: string;
  name: string;
  email: string | null;
  tokens: number;
}

export type RegisterCommand =
  | (OffPlatformHolding & {
      type: 'AddInvestor';
      /** The owner's plan: off-platform holders per asset (null: unlimited). */
      maxInvestors: number | null;
    })
  | (OffPlatformHolding & { type: 'ChangeInvestorHolding'; reason: string })
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
  | { type: 'RejectSupplyChange'; assetId: string; changeId: string; adminId: string; reason: string }
  | ({ type: 'RequestFreeze'; adminId: string; now: string; settling?: Settling } & Pick<
      FreezeRequested['data'],
      'assetId' | 'requestId' | 'holderId' | 'action' | 'scope' | 'tokens' | 'reason'
    >)
  | { type: 'ApproveFreeze'; assetId: string; requestId: string; adminId: string; settling?: Settling }
  | {
      type: 'ChooseTransferApproval';
      assetId: string;
      approval: TransferApproval;
      actorId: string;
      actorIsAdmin: boolean;
    }
  | { type: 'RejectFreeze'; assetId: string; requestId: string; adminId: string; reason: string }
  /** A transfer between investors settled on chain (domains/transfers): the holding moves, once per transfer. */
  | ({ type: 'RecordTransfer' } & Omit<TokensTransferred['data'], 'ownerId' | 'sellerTokensAfter'>)
  /**
   * A transfer claims its seller's tokens (domains/transfers): `promised` at the proposal, `settling` at the approval
   * (`attempt` 1) and at each retry of its settlement (n + 1). Idempotent by transfer id and attempt.
   */
  | {
      type: 'EarmarkTokens';
      assetId: string;
      transferId: string;
      sellerId: string;
      tokens: number;
      stage: EarmarkStage;
      attempt: number;
      expiresAt: string | null;
      now: string;
      /** Tokens the seller promised in open transfers recorded before earmarks existed (the transfers read model). */
      unearmarked?: number;
      /** Who is told: the seller proposing ("your"), or the approver ("the seller's"): the transfers' own texts. */
      to: 'seller' | 'other';
    }
  /** The claim goes back; a `failed` release names the attempt that failed, and a newer attempt's claim stays. */
  | {
      type: 'ReleaseEarmark';
      assetId: string;
      transferId: string;
      reason: EarmarkReleaseReason;
      attempt: number | null;
    };

export const REGISTER_MESSAGES = {
  supplyOutOfRange:
    'With the changes approved since it was asked for, this change would take the supply outside 1 to 1,000,000,000,000 tokens: reject it',
  assetNotFound: 'Asset not found',
  approvalBackToOwner: "Only Kauri's admins can give the approval of transfers back to the owner",
  approval: 'Choose who approves transfers: owner or admin',
  investorNotFound: 'Investor not found',
  investorName: HOLDER_MESSAGES.investorName,
  investorNameLength: 'Investor name must be at most 120 characters',
  email: INVALID_EMAIL,
  tokensHeld: 'Tokens held must be a whole number of at least 1',
  reason: HOLDER_MESSAGES.reason,
  reasonLength: 'Reason must be at most 1000 characters',
  delta: 'Enter a whole number of tokens to issue (positive) or cancel (negative)',
  supplyRange: 'The supply must stay between 1 and 1,000,000,000,000 tokens',
  settling: (tokens: number) =>
    `${tokensWord(tokens)} of this holding ${tokens === 1 ? 'is' : 'are'} being transferred on chain (an approved transfer settling): freeze once it has settled or failed`,
  notApproved: 'Supply can change only once the tokenization is approved',
  notActive: 'An offering needs an asset whose tokenization is approved',
  changeNotFound: 'Supply change not found',
  holderNotFound: 'This person holds no tokens of this asset',
  freezeTokens: 'Tokens must be a whole number of at least 1',
  freezeReason: 'Give the reason (a court order, a dispute): at least 10 characters',
  freezeNotFound: 'Freeze request not found',
  alreadyFrozen: 'This holding is already frozen as a whole',
  notFrozen: 'This holding is not frozen as a whole',
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

function freezeReasonErrors(reason: string): (FieldError | null)[] {
  const text = reason.trim();
  return [
    wrong(text.length < 10, 'reason', REGISTER_MESSAGES.freezeReason) ||
      misfit(REGISTER_FIELDS.freezeReason, text, 'reason', REGISTER_MESSAGES.reasonLength),
  ];
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
/** A set (absent: empty) with one more member, as a new set. */
const withMember = <T>(set: ReadonlySet<T> | undefined, member: T): ReadonlySet<T> => new Set(set ?? []).add(member);
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
    frozen: new Map(),
    pendingFreezes: new Map(),
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
      case 'TokensTransferred': {
        const { fromInvestorId, toInvestorId, tokens, transferId } = event.data;
        const left = (state.investors.get(fromInvestorId) ?? 0) - tokens;
        const investors =
          left > 0 ? withEntry(state.investors, fromInvestorId, left) : without(state.investors, fromInvestorId);
        return {
          ...state,
          investors: withEntry(investors, toInvestorId, (investors.get(toInvestorId) ?? 0) + tokens),
          transfers: withMember(state.transfers, transferId),
          // Consumes the transfer's earmark; one approved before earmarks existed has none, and consumes none.
          ...(state.earmarks?.has(transferId) ? { earmarks: without(state.earmarks, transferId) } : {}),
        };
      }
      case 'TokensEarmarked': {
        const { transferId, sellerId, tokens, stage, attempt, expiresAt } = event.data;
        return {
          ...state,
          earmarks: withEntry(state.earmarks ?? new Map(), transferId, { sellerId, tokens, stage, attempt, expiresAt }),
          earmarked: withMember(state.earmarked, transferId),
        };
      }
      case 'EarmarkReleased':
        return state.earmarks?.has(event.data.transferId)
          ? { ...state, earmarks: without(state.earmarks, event.data.transferId) }
          : state;
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
          decided: withMember(state.decided, event.data.changeId),
        };
      case 'SupplyChangeRejected':
        return {
          ...state,
          pendingChanges: without(state.pendingChanges, event.data.changeId),
          decided: withMember(state.decided, event.data.changeId),
        };
      case 'FreezeRequested': {
        const { requestId, holderId, action, scope, tokens, reason, requestedBy } = event.data;
        const pending = { holderId, action, scope, tokens, reason, requestedBy };
        return { ...state, pendingFreezes: withEntry(state.pendingFreezes, requestId, pending) };
      }
      case 'FreezeApproved': {
        const { requestId, holderId, frozenTokens: tokens, addressFrozen: address } = event.data;
        const frozen =
          tokens === 0 && !address
            ? without(state.frozen, holderId)
            : withEntry(state.frozen, holderId, { address, tokens });
        return {
          ...state,
          frozen,
          pendingFreezes: without(state.pendingFreezes, requestId),
          decided: withMember(state.decided, requestId),
        };
      }
      case 'FreezeRejected':
        return {
          ...state,
          pendingFreezes: without(state.pendingFreezes, event.data.requestId),
          decided: withMember(state.decided, event.data.requestId),
        };
      case 'TransferApprovalChosen':
        return { ...state, transferApproval: event.data.approval };
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
        // The id is the server's; a second holder under it would replace the first's holding and list them twice.
        if (state.holders.has(command.investorId)) throw new DomainError('This investor already exists', 409);
        const max = command.maxInvestors;
        if (max !== null && state.holders.size >= max)
          throw new DomainError(
            `Your plan covers ${max} investors per asset. Upgrade your plan to add more.`,
            403,
            undefined,
            'Plan Limit Reached',
          );
        requireValidFields(holderErrors(command));
        if (command.tokens > ownerFree(state)) throw beyondSupply(ownerFree(state), 'tokens');
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
        const left = ownerFree(state) + previous;
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
        if (command.tokens > ownerFree(state))
          throw beyondSupply(ownerFree(state), 'totalTokens', ERROR_TITLES.creationFailed);
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
        if (state.pendingChanges.has(command.changeId) || state.decided?.has(command.changeId))
          throw new DomainError('This supply change already exists', 409);
        const delta = command.delta;
        requireValidFields([
          wrong(!Number.isSafeInteger(delta) || delta === 0, 'delta', REGISTER_MESSAGES.delta) ||
            misfit(REGISTER_FIELDS.delta, delta, 'delta', REGISTER_MESSAGES.delta) ||
            misfit(ASSET_FIELDS.tokenCount, state.supply + delta, 'delta', REGISTER_MESSAGES.supplyRange),
          ...reasonErrors(command.reason),
        ]);
        if (-delta > ownerFree(state)) throw cancelBeyondRetained(ownerFree(state));
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
        // Checked again: offerings may have taken the owner's tokens since the request, and another change approved
        // since may have moved the supply (two increases each within the ceiling alone).
        if (-change.delta > ownerFree(state)) throw cancelBeyondRetained(ownerFree(state));
        if (misfit(ASSET_FIELDS.tokenCount, state.supply + change.delta, 'delta', ''))
          throw new DomainError(REGISTER_MESSAGES.supplyOutOfRange, 409);
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
      case 'RequestFreeze':
        return requestFreeze(state, command);
      case 'ApproveFreeze': {
        const request = state.pendingFreezes.get(command.requestId);
        if (!request) throw new DomainError(REGISTER_MESSAGES.freezeNotFound, 404);
        // Four eyes: neither the admin who asked, nor the asset's owner, nor the holder decides.
        requireAnotherDecider(command.adminId, [request.requestedBy, state.ownerId, request.holderId]);
        return [approveFreeze(state, command, request)];
      }
      case 'RejectFreeze': {
        const request = state.pendingFreezes.get(command.requestId);
        if (!request) throw new DomainError(REGISTER_MESSAGES.freezeNotFound, 404);
        requireAnotherDecider(command.adminId, [request.requestedBy, state.ownerId, request.holderId]);
        requireValidFields(reasonErrors(command.reason));
        const { assetId, requestId, adminId } = command;
        return [
          {
            type: 'FreezeRejected',
            data: {
              assetId,
              ownerId: state.ownerId!,
              requestId,
              holderId: request.holderId,
              reason: command.reason.trim(),
              requestedBy: request.requestedBy,
              rejectedBy: adminId,
            },
          },
        ];
      }
      case 'ChooseTransferApproval': {
        if (state.status === 'none') throw new DomainError(REGISTER_MESSAGES.assetNotFound, 404);
        const { assetId, approval, actorId, actorIsAdmin } = command;
        if (actorId !== state.ownerId && !actorIsAdmin) throw new DomainError(REGISTER_MESSAGES.assetNotFound, 404);
        if (approval === (state.transferApproval ?? 'owner')) return [];
        // Approval handed to the admins (by the owner, or by an admin over a dispute) is theirs to hand back.
        if (approval === 'owner' && !actorIsAdmin)
          throw new DomainError(REGISTER_MESSAGES.approvalBackToOwner, 403, [
            { field: 'approval', message: REGISTER_MESSAGES.approvalBackToOwner },
          ]);
        return [
          { type: 'TransferApprovalChosen', data: { assetId, ownerId: state.ownerId!, approval, chosenBy: actorId } },
        ];
      }
      case 'RecordTransfer': {
        if (state.status === 'none') throw new DomainError(REGISTER_MESSAGES.assetNotFound, 404);
        if (state.transfers?.has(command.transferId)) return [];
        const held = state.investors.get(command.fromInvestorId) ?? 0;
        // The chain moved them already (this records a confirmed settlement): a register that disagrees is drift.
        if (held < command.tokens)
          throw new DomainError(
            `The register holds ${held} tokens for the seller, fewer than the ${command.tokens} transferred`,
            409,
          );
        const { type: _type, ...data } = command;
        return [
          {
            type: 'TokensTransferred',
            data: { ...data, ownerId: state.ownerId!, sellerTokensAfter: held - command.tokens },
          },
        ];
      }
      case 'EarmarkTokens':
        return earmark(state, command);
      case 'ReleaseEarmark': {
        const e = state.earmarks?.get(command.transferId);
        // Nothing claimed (released already, consumed, or a transfer from before earmarks), or a newer attempt's.
        if (!e || (command.reason === 'failed' && e.attempt !== command.attempt)) return [];
        const { assetId, transferId, reason } = command;
        return [
          { type: 'EarmarkReleased', data: { assetId, transferId, sellerId: e.sellerId, tokens: e.tokens, reason } },
        ];
      }
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};

/**
 * A transfer's claim on its seller's tokens, decided against held − frozen − the other claims (and the transfers from
 * before earmarks, `unearmarked`): a promise against every other live claim, a settling claim against the other
 * settling ones only. Two claims decided at once on this stream cannot both pass where together they would take more
 * than the seller holds free, nor one and a freeze. Refused with the transfers' texts, naming what falls short.
 */
function earmark(
  state: RegisterState,
  command: Extract<RegisterCommand, { type: 'EarmarkTokens' }>,
): AssetStreamEvent[] {
  if (state.status === 'none') throw new DomainError(REGISTER_MESSAGES.assetNotFound, 404);
  if (state.status !== 'active') throw new DomainError(TRANSFER_MESSAGES.assetNotActive, 409);
  const { assetId, transferId, sellerId, tokens, stage, attempt } = command;
  if (state.transfers?.has(transferId)) return []; // settled and recorded: nothing left to claim
  const now = state.earmarks?.get(transferId);
  // The same claim again (a repeat after a crash or a lost race), or an older one than what is held: nothing.
  if (now && (now.attempt > attempt || (now.attempt === attempt && (now.stage === stage || now.stage === 'settling'))))
    return [];
  const held = heldBy(state, sellerId);
  const frozen = frozenTokens(state, sellerId);
  // A promise counts every other live claim (no over-promising); a settling claim only the other settling ones:
  // promises bind nothing, so of transfers that do not all fit the first approved goes through, and the rest are
  // refused only once they no longer fit.
  const settlingOnly = stage === 'settling';
  const claimed =
    earmarkedBy(state, sellerId, { now: command.now, except: transferId, settlingOnly }) + (command.unearmarked ?? 0);
  const free = Math.max(0, held - frozen - claimed);
  // Named by what falls short: what is held, else the frozen tokens, else the other transfers' claims.
  if (tokens > held) throw new DomainError(TRANSFER_MESSAGES.notEnough(free, command.to), 409);
  if (tokens > held - frozen) throw new DomainError(TRANSFER_MESSAGES.frozen(frozen, command.to), 409);
  if (tokens > free)
    throw new DomainError(
      TRANSFER_MESSAGES.claimedElsewhere(claimed, free, command.to, settlingOnly ? 'approved' : 'open'),
      409,
    );
  const expiresAt = stage === 'promised' ? command.expiresAt : null;
  return [
    {
      type: 'TokensEarmarked',
      data: { assetId, ownerId: state.ownerId!, transferId, sellerId, tokens, stage, attempt, expiresAt },
    },
  ];
}

/**
 * Holder → tokens of theirs in transfers approved and settling on chain that the register has no earmark of (approved
 * before earmarks existed: only the transfers read model knows them). Every later approval is earmarked here, on this
 * stream, and counted from the register's own state (`earmarkedBy`, settling).
 */
export type Settling = Readonly<Record<string, number>>;

/** What a freeze or unfreeze would leave frozen, or the refusal: decided at the request and again at approval. */
function freezeOutcome(
  state: RegisterState,
  c: { holderId: string; action: FreezeAction; scope: FreezeScope; tokens: number | null },
  settling: Settling = {},
): Frozen {
  const now = state.frozen.get(c.holderId) ?? { address: false, tokens: 0 };
  const held = heldBy(state, c.holderId);
  // The DvP take of an approved transfer moves these, and would fail on chain were they frozen meanwhile.
  const moving =
    earmarkedBy(state, c.holderId, { settlingOnly: true }) +
    (Object.hasOwn(settling, c.holderId) ? (settling[c.holderId] ?? 0) : 0);
  const refuse = (message: string, field = 'tokens') => new DomainError(message, 409, [{ field, message }]);
  // A freeze may not take tokens an approved transfer is moving: its settlement would fail on chain, for good.
  const unfrozen = held - Math.min(now.tokens, held);
  if (c.action === 'freeze' && moving > 0 && (c.scope === 'address' || (c.tokens ?? 0) > unfrozen - moving))
    throw refuse(REGISTER_MESSAGES.settling(moving), c.scope === 'address' ? 'scope' : 'tokens');
  if (c.scope === 'address') {
    if (c.action === 'freeze' && now.address) throw refuse(REGISTER_MESSAGES.alreadyFrozen, 'scope');
    if (c.action === 'unfreeze' && !now.address) throw refuse(REGISTER_MESSAGES.notFrozen, 'scope');
    return { ...now, address: c.action === 'freeze' };
  }
  const tokens = c.tokens ?? 0;
  if (c.action === 'freeze') {
    const free = held - Math.min(now.tokens, held);
    if (tokens > free)
      throw refuse(
        free <= 0
          ? 'Every token of this holding is already frozen'
          : `Only ${tokensWord(free)} of this holding ${free === 1 ? 'is' : 'are'} not frozen`,
      );
    return { ...now, tokens: now.tokens + tokens };
  }
  if (tokens > now.tokens)
    throw refuse(
      now.tokens === 0
        ? 'No tokens of this holding are frozen one by one'
        : `Only ${tokensWord(now.tokens)} of this holding ${now.tokens === 1 ? 'is' : 'are'} frozen`,
    );
  return { ...now, tokens: now.tokens - tokens };
}

function requestFreeze(
  state: RegisterState,
  command: Extract<RegisterCommand, { type: 'RequestFreeze' }>,
): AssetStreamEvent[] {
  if (state.status !== 'active') throw new DomainError(REGISTER_MESSAGES.assetNotFound, 404);
  if (state.pendingFreezes.has(command.requestId) || state.decided?.has(command.requestId))
    throw new DomainError('This request already exists', 409);
  const tokens = command.scope === 'tokens' ? command.tokens : null;
  requireValidFields([
    command.scope === 'tokens'
      ? wrong(
          tokens === null || !Number.isSafeInteger(tokens) || tokens < 1,
          'tokens',
          REGISTER_MESSAGES.freezeTokens,
        ) || misfit(ASSET_FIELDS.tokens, tokens, 'tokens', REGISTER_MESSAGES.freezeTokens)
      : null,
    ...freezeReasonErrors(command.reason),
  ]);
  if (heldBy(state, command.holderId) <= 0 && !state.frozen.has(command.holderId))
    throw new DomainError(REGISTER_MESSAGES.holderNotFound, 404, [
      { field: 'holderId', message: REGISTER_MESSAGES.holderNotFound },
    ]);
  const { assetId, requestId, holderId, action, scope } = command;
  freezeOutcome(state, { holderId, action, scope, tokens }, command.settling);
  return [
    {
      type: 'FreezeRequested',
      data: {
        assetId,
        ownerId: state.ownerId!,
        requestId,
        holderId,
        action,
        scope,
        tokens,
        reason: command.reason.trim(),
        requestedBy: command.adminId,
        requestedAt: command.now,
      },
    },
  ];
}

function approveFreeze(
  state: RegisterState,
  command: Extract<RegisterCommand, { type: 'ApproveFreeze' }>,
  request: PendingFreeze,
): AssetStreamEvent {
  // Checked again: the holding may have changed since the request (another freeze, a recovery, a sale).
  const after = freezeOutcome(state, request, command.settling);
  return {
    type: 'FreezeApproved',
    data: {
      assetId: command.assetId,
      ownerId: state.ownerId!,
      requestId: command.requestId,
      holderId: request.holderId,
      action: request.action,
      scope: request.scope,
      tokens: request.tokens,
      reason: request.reason,
      requestedBy: request.requestedBy,
      approvedBy: command.adminId,
      frozenTokens: after.tokens,
      addressFrozen: after.address,
    },
  };
}

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
