import type { OfferingEvent } from '../domains/offerings/events.js';
import {
  type AssetStreamEvent,
  type TransferApproval,
  TOKENIZATION_EVENT_TYPES,
  OFF_PLATFORM_HOLDER_EVENT_TYPES,
} from '../domains/register/events.js';
import {
  earmarkedTokens,
  totalsFrom,
  type Earmark,
  type EarmarkedTokens,
  type RegisterStatus,
  type RegisterTotals,
} from '../domains/register/register.decider.js';
import { absentAssets, type AssetFigure, type RegisterFigures, type ShownFigure } from '../domains/register/figures.js';
import { tokenPriceNow } from '../domains/register/token-price.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { assetsProjection } from './assets.js';
import { upcasters } from '../domains/upcasters.js';

export interface AllocationRow {
  offeringId: string;
  allocated: number;
  issued: number;
  returned: number;
  closed: boolean;
  /** The offering's own stream has its OfferingCreated (false for a moment, or after a crash mid-creation). */
  created: boolean;
  allocatedAt: string | null;
  /** Register side: the offering stream's revision settled so far. */
  settledThrough: number;
  /** Offering side: the revision of the last fact that moves tokens; the sweep settles when it runs ahead. */
  lastFact: number;
  /** Offering side: the offering stream has its OfferingClosed. */
  offeringClosed: boolean;
}

export interface SupplyChangeRow {
  changeId: string;
  delta: number;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  requestedAt: string;
  decidedAt: string | null;
  decisionReason: string | null;
  supplyAfter: number | null;
}

/** A freeze or unfreeze an admin asked for (issue 32), and what another admin decided. */
export interface FreezeRow {
  requestId: string;
  holderId: string;
  action: 'freeze' | 'unfreeze';
  scope: 'address' | 'tokens';
  tokens: number | null;
  reason: string;
  requestedBy: string;
  requestedAt: string;
  status: 'pending' | 'approved' | 'rejected';
  decidedBy: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
}

/** A holder's frozen tokens now: the whole holding and/or tokens one by one, and the last freeze's reason. */
export interface FrozenRow {
  holderId: string;
  address: boolean;
  tokens: number;
  reason: string;
  since: string;
}

/**
 * A transfer's claim on its seller's tokens (`TokensEarmarked`) until consumed or released. A promise lapses at
 * `expiresAt` with no event, so what counts is worked out when read (`earmarkedOf`), not stored.
 */
export interface EarmarkRow extends Pick<Earmark, 'sellerId' | 'tokens' | 'stage' | 'expiresAt'> {
  transferId: string;
}

/** The register of one asset as the screens, the admin's offering form and the sweep read it. */
export interface RegisterDoc {
  _id: string;
  ownerId: string;
  status: Exclude<RegisterStatus, 'none'>;
  supply: number;
  holders: { investorId: string; tokens: number }[];
  investors: { investorId: string; tokens: number }[];
  offerings: AllocationRow[];
  supplyChanges: SupplyChangeRow[];
  freezes: FreezeRow[];
  frozen: FrozenRow[];
  earmarks: EarmarkRow[];
  totals: RegisterTotals;
  /** Who approves transfers between its investors (absent on a document from before the setting: the owner). */
  transferApproval?: TransferApproval;
  updatedAt: string;
}

const EVENT_TYPES = [
  'AssetDrafted',
  ...TOKENIZATION_EVENT_TYPES,
  ...OFF_PLATFORM_HOLDER_EVENT_TYPES,
  'TokensAllocated',
  'AllocationReturned',
  'TokensIssued',
  'TokensTransferred',
  'TokensEarmarked',
  'EarmarkReleased',
  'OfferingSettled',
  'SupplyChangeRequested',
  'SupplyChangeApproved',
  'SupplyChangeRejected',
  'FreezeRequested',
  'FreezeApproved',
  'FreezeRejected',
  'TransferApprovalChosen',
  'OfferingCreated',
  'OfferingClosed',
  'InvestmentConfirmed',
  'InvestmentCancelled',
] as const satisfies (AssetStreamEvent | OfferingEvent)['type'][];
type Handled = Extract<AssetStreamEvent | OfferingEvent, { type: (typeof EVENT_TYPES)[number] }>;

/** The decider's arithmetic (`totalsFrom`) over the document's rows. */
export function totalsOf(doc: Pick<RegisterDoc, 'supply' | 'holders' | 'investors' | 'offerings'>): RegisterTotals {
  const tokens = (rows: readonly { tokens: number }[]) => rows.map((r) => r.tokens);
  return totalsFrom(doc.supply, tokens(doc.holders), doc.offerings, tokens(doc.investors));
}

const upsert = <T>(rows: readonly T[], match: (row: T) => boolean, next: (row: T | undefined) => T | null): T[] => {
  const found = rows.find(match);
  const updated = next(found);
  const rest = rows.filter((r) => r !== found);
  return updated ? (found ? rows.map((r) => (r === found ? updated : r)) : [...rest, updated]) : rest;
};
const setTokens = (rows: RegisterDoc['holders'], investorId: string, tokens: (held: number) => number) =>
  upsert(
    rows,
    (r) => r.investorId === investorId,
    (r) => ({ investorId, tokens: tokens(r?.tokens ?? 0) }),
  );

const emptyAllocation = (offeringId: string): AllocationRow => ({
  offeringId,
  allocated: 0,
  issued: 0,
  returned: 0,
  closed: false,
  created: false,
  allocatedAt: null,
  settledThrough: -1,
  lastFact: -1,
  offeringClosed: false,
});

export const registersProjection = defineProjection<RegisterDoc, Handled>({
  upcasters,
  name: 'registers',
  version: 4,
  eventTypes: EVENT_TYPES,
  keys: (event) => [event.data.assetId],
  evolve(doc, event, id) {
    const at = event.metadata.occurredAt;
    if (event.type === 'AssetDrafted') {
      const fresh: Omit<RegisterDoc, 'totals'> = {
        _id: id,
        ownerId: event.data.ownerId,
        status: 'draft',
        supply: event.data.tokenCount,
        holders: [],
        investors: [],
        offerings: [],
        supplyChanges: [],
        freezes: [],
        frozen: [],
        earmarks: [],
        updatedAt: at,
      };
      return { ...fresh, totals: totalsOf(fresh) };
    }
    if (!doc) return null;
    const next = apply(doc, event, at);
    return { ...next, totals: totalsOf(next), updatedAt: at };
  },
});

function allocation(doc: RegisterDoc, offeringId: string, change: (row: AllocationRow) => AllocationRow): RegisterDoc {
  const offerings = upsert(
    doc.offerings,
    (o) => o.offeringId === offeringId,
    (o) => change(o ?? emptyAllocation(offeringId)),
  );
  return { ...doc, offerings };
}
const settled = (o: AllocationRow, revision: number | null) =>
  revision === null ? o : { ...o, settledThrough: Math.max(o.settledThrough, revision) };
const factAt = (o: AllocationRow, revision: number) => ({ ...o, lastFact: Math.max(o.lastFact, revision) });

function apply(doc: RegisterDoc, event: RecordedEvent & Handled, at: string): RegisterDoc {
  switch (event.type) {
    case 'AssetDrafted':
      return doc;
    case 'TokenConfigured':
      return { ...doc, supply: event.data.terms.totalSupply };
    case 'TokenizationRequested':
      return { ...doc, status: 'pending' };
    case 'TokenizationApproved':
      return { ...doc, status: 'active', supply: event.data.terms.totalSupply };
    case 'TokenizationReturned':
      return { ...doc, status: 'draft' };
    case 'InvestorAdded':
    case 'InvestorHoldingChanged':
      return { ...doc, holders: setTokens(doc.holders, event.data.investorId, () => event.data.tokens) };
    case 'InvestorRemoved':
      return { ...doc, holders: doc.holders.filter((h) => h.investorId !== event.data.investorId) };
    case 'TokensAllocated':
      return allocation(doc, event.data.offeringId, (o) => ({ ...o, allocated: event.data.tokens, allocatedAt: at }));
    case 'AllocationReturned': {
      const { tokens, cause, offeringRevision } = event.data;
      return allocation(doc, event.data.offeringId, (o) =>
        settled(
          { ...o, returned: o.returned + tokens, closed: o.closed || cause !== 'cancelled-after-close' },
          offeringRevision,
        ),
      );
    }
    case 'TokensIssued': {
      const { investorId, tokens, offeringRevision } = event.data;
      const next = allocation(doc, event.data.offeringId, (o) =>
        settled({ ...o, issued: o.issued + tokens }, offeringRevision),
      );
      return { ...next, investors: setTokens(doc.investors, investorId, (held) => held + tokens) };
    }
    case 'TokensTransferred': {
      const { fromInvestorId, toInvestorId, tokens, transferId } = event.data;
      const moved = setTokens(doc.investors, fromInvestorId, (held) => held - tokens).filter((r) => r.tokens > 0);
      // Consumes the transfer's earmark (one approved before earmarks existed has none).
      const earmarks = doc.earmarks.filter((e) => e.transferId !== transferId);
      return { ...doc, investors: setTokens(moved, toInvestorId, (held) => held + tokens), earmarks };
    }
    case 'TokensEarmarked': {
      // A transfer's latest earmark replaces its earlier one (its promise becomes its settlement's claim).
      const { transferId, sellerId, tokens, stage, expiresAt } = event.data;
      const earmarks = upsert(
        doc.earmarks,
        (e) => e.transferId === transferId,
        () => ({ transferId, sellerId, tokens, stage, expiresAt }),
      );
      return { ...doc, earmarks };
    }
    case 'EarmarkReleased':
      return { ...doc, earmarks: doc.earmarks.filter((e) => e.transferId !== event.data.transferId) };
    case 'OfferingSettled':
      return allocation(doc, event.data.offeringId, (o) =>
        settled({ ...o, closed: true }, event.data.offeringRevision),
      );
    case 'SupplyChangeRequested': {
      const { changeId, delta, reason, requestedAt } = event.data;
      const row: SupplyChangeRow = {
        changeId,
        delta,
        reason,
        status: 'pending',
        requestedAt,
        decidedAt: null,
        decisionReason: null,
        supplyAfter: null,
      };
      return { ...doc, supplyChanges: [...doc.supplyChanges, row] };
    }
    case 'SupplyChangeApproved':
    case 'SupplyChangeRejected': {
      const approved = event.type === 'SupplyChangeApproved';
      const supplyChanges = doc.supplyChanges.map((c) =>
        c.changeId === event.data.changeId
          ? {
              ...c,
              status: approved ? ('approved' as const) : ('rejected' as const),
              decidedAt: at,
              decisionReason: approved ? null : event.data.reason,
              supplyAfter: approved ? event.data.supply : null,
            }
          : c,
      );
      return { ...doc, supplyChanges, supply: approved ? event.data.supply : doc.supply };
    }
    case 'FreezeRequested': {
      const d = event.data;
      const row: FreezeRow = {
        requestId: d.requestId,
        holderId: d.holderId,
        action: d.action,
        scope: d.scope,
        tokens: d.tokens,
        reason: d.reason,
        requestedBy: d.requestedBy,
        requestedAt: d.requestedAt,
        status: 'pending',
        decidedBy: null,
        decidedAt: null,
        decisionReason: null,
      };
      return { ...doc, freezes: [...doc.freezes, row] };
    }
    case 'FreezeApproved': {
      const d = event.data;
      const freezes = doc.freezes.map((f) =>
        f.requestId === d.requestId ? { ...f, status: 'approved' as const, decidedBy: d.approvedBy, decidedAt: at } : f,
      );
      const before = doc.frozen.find((f) => f.holderId === d.holderId);
      const rest = doc.frozen.filter((f) => f.holderId !== d.holderId);
      const still = d.frozenTokens > 0 || d.addressFrozen;
      // The reason shown is the last freeze's; an unfreeze that leaves some frozen keeps it.
      const reason = d.action === 'freeze' || !before ? d.reason : before.reason;
      const since = d.action === 'freeze' || !before ? at : before.since;
      const frozen = still
        ? [...rest, { holderId: d.holderId, address: d.addressFrozen, tokens: d.frozenTokens, reason, since }]
        : rest;
      return { ...doc, freezes, frozen };
    }
    case 'FreezeRejected': {
      const d = event.data;
      const freezes = doc.freezes.map((f) =>
        f.requestId === d.requestId
          ? { ...f, status: 'rejected' as const, decidedBy: d.rejectedBy, decidedAt: at, decisionReason: d.reason }
          : f,
      );
      return { ...doc, freezes };
    }
    case 'TransferApprovalChosen':
      return { ...doc, transferApproval: event.data.approval };
    case 'OfferingCreated':
      return allocation(doc, event.data.offeringId, (o) => ({ ...o, created: true }));
    case 'InvestmentConfirmed':
      return allocation(doc, event.data.offeringId, (o) => factAt(o, event.revision));
    case 'OfferingClosed':
      return allocation(doc, event.data.offeringId, (o) => ({ ...factAt(o, event.revision), offeringClosed: true }));
    case 'InvestmentCancelled':
      // Only a cancellation after the close moves tokens back to the owner (register.decider.ts).
      return allocation(doc, event.data.offeringId, (o) => (o.offeringClosed ? factAt(o, event.revision) : o));
    default: {
      const _exhaustive: never = event;
      return doc;
    }
  }
}

/** One line of an asset's cap table: every token of the supply is on exactly one line. */
/** The totals this read model shows (and the admin's offering form and the sweep read), per asset. */
export const registersFigures: RegisterFigures<RegisterDoc> = {
  select: ({ assetIds }) => ({ _id: { $in: assetIds } }),
  figures(docs, covered) {
    const shown: ShownFigure[] = [];
    for (const d of docs) {
      const at = (figure: AssetFigure, value: number | string) =>
        shown.push({ scope: 'asset', assetId: d._id, figure, value });
      at('document', d.supply);
      at('status', d.status);
      for (const field of ['supply', 'ownerRetained', 'offPlatform', 'unsold', 'issued'] as const)
        at(field, d.totals[field]);
    }
    return [...shown, ...absentAssets(covered, new Set(docs.map((d) => d._id)))];
  },
};

export interface CapTableLine {
  kind: 'platform' | 'off-platform' | 'offered' | 'owner';
  investorId: string | null;
  name: string;
  email: string | null;
  tokens: number;
  /** Share of the supply, percent to two decimals; the lines sum to exactly 100. */
  percent: number;
  addedAt: string | null;
  /** Of these tokens, how many are frozen (a platform investor's or the owner's), and the last freeze's reason. */
  frozenTokens: number;
  frozenReason: string | null;
}

export interface CapTable {
  assetId: string;
  supply: number;
  /** NZD: the token terms' price, or the valuation spread over the supply before there are terms. */
  tokenPrice: number;
  lines: CapTableLine[];
}

/**
 * Holders first (as the assets read model lists them), then what offerings hold unsold, then the owner's
 * retained tokens: supply − everything else. Percentages by largest remainder, so they always add to 100.
 */
export function capTableOf(
  asset: {
    _id: string;
    capTable: readonly CapTableEntryLike[];
    terms: { price: number } | null;
    totalValue: number;
  },
  register: Pick<RegisterDoc, 'supply' | 'totals'> & Partial<Pick<RegisterDoc, 'ownerId' | 'investors' | 'frozen'>>,
): CapTable {
  const frozen = (holderId: string | null) => {
    const f =
      holderId && register.ownerId && register.investors
        ? frozenOf(
            { ...register, ownerId: register.ownerId, investors: register.investors, frozen: register.frozen ?? [] },
            holderId,
          )
        : null;
    return { frozenTokens: f?.tokens ?? 0, frozenReason: f?.reason ?? null };
  };
  const lines: Omit<CapTableLine, 'percent'>[] = [
    ...asset.capTable.map((e) => ({
      kind: e.source,
      investorId: e.investorId,
      name: e.name,
      email: e.email,
      tokens: e.tokens,
      addedAt: e.addedAt,
      ...(e.source === 'platform' ? frozen(e.investorId) : frozen(null)),
    })),
  ];
  if (register.totals.unsold > 0)
    lines.push({
      kind: 'offered',
      investorId: null,
      name: 'Offered, not yet sold',
      email: null,
      tokens: register.totals.unsold,
      addedAt: null,
      ...frozen(null),
    });
  lines.push({
    kind: 'owner',
    investorId: null,
    name: 'Owner (retained)',
    email: null,
    tokens: register.totals.ownerRetained,
    addedAt: null,
    ...frozen(register.ownerId ?? null),
  });
  const percents = largestRemainder(
    lines.map((l) => l.tokens),
    register.supply,
  );
  // The price now (valuation ÷ current supply), as every view prices tokens; not the terms' offer price.
  const tokenPrice = tokenPriceNow(asset.totalValue, register.supply) ?? 0;
  return {
    assetId: asset._id,
    supply: register.supply,
    tokenPrice,
    lines: lines.map((l, n) => ({ ...l, percent: percents[n]! })),
  };
}

interface CapTableEntryLike {
  source: 'platform' | 'off-platform';
  investorId: string;
  name: string;
  email: string | null;
  tokens: number;
  addedAt: string;
}

/** Hundredths of a percent that sum to exactly 100.00 when the parts sum to the whole. */
export function largestRemainder(parts: readonly number[], whole: number): number[] {
  if (whole <= 0) return parts.map(() => 0);
  const exact = parts.map((p) => (p * 10_000) / whole);
  const floors = exact.map(Math.floor);
  let left = 10_000 - floors.reduce((s, f) => s + f, 0);
  const order = exact.map((e, n) => [e - Math.floor(e), n] as const).sort((a, b) => b[0] - a[0]);
  for (const [, n] of order) {
    if (left <= 0) break;
    floors[n]! += 1;
    left -= 1;
  }
  return floors.map((f) => f / 100);
}

/**
 * A holder's frozen tokens on the asset as the screens show them: every token held when the whole holding is
 * frozen, else those frozen one by one (never more than held); null when nothing is. Held: a platform investor's
 * issued tokens, the owner's retained ones (register.decider.ts `frozenTokens`, over the document).
 */
export function frozenOf(
  doc: Pick<RegisterDoc, 'ownerId' | 'investors' | 'totals' | 'frozen'>,
  holderId: string,
): { tokens: number; wholeHolding: boolean; reason: string; since: string } | null {
  const row = (doc.frozen ?? []).find((f) => f.holderId === holderId);
  if (!row) return null;
  const held =
    holderId === doc.ownerId
      ? Math.max(doc.totals.ownerRetained, 0)
      : (doc.investors.find((i) => i.investorId === holderId)?.tokens ?? 0);
  return {
    tokens: row.address ? held : Math.min(row.tokens, held),
    wholeHolding: row.address,
    reason: row.reason,
    since: row.since,
  };
}

/** A holder's tokens claimed by transfers at `now`: promised to open ones, settling in approved ones. */
export const earmarkedOf = (doc: { earmarks: readonly EarmarkRow[] }, holderId: string, now: string): EarmarkedTokens =>
  earmarkedTokens(doc.earmarks, holderId, now);

// Queries of this read model.

/** Freezes and unfreezes awaiting a second admin, oldest first, each with its asset and the holding now. */
export async function pendingFreezes(reads: ReadModels) {
  const registers = await reads.of(registersProjection).find({ 'freezes.status': 'pending' });
  const assets = await reads.of(assetsProjection).byIds(registers.map((r) => r._id));
  return registers
    .flatMap((r) =>
      r.freezes
        .filter((f) => f.status === 'pending')
        .map((f) => ({
          assetId: r._id,
          assetName: assets.get(r._id)?.name ?? '',
          ownerId: r.ownerId,
          held:
            f.holderId === r.ownerId
              ? Math.max(r.totals.ownerRetained, 0)
              : (r.investors.find((i) => i.investorId === f.holderId)?.tokens ?? 0),
          frozenTokens: frozenOf(r, f.holderId)?.tokens ?? 0,
          ...f,
        })),
    )
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
}

/** Supply changes awaiting an admin, oldest first, each with its asset's name, supply and the owner's tokens. */
export async function pendingSupplyChanges(reads: ReadModels) {
  const registers = await reads.of(registersProjection).find({ 'supplyChanges.status': 'pending' });
  const assets = await reads.of(assetsProjection).byIds(registers.map((r) => r._id));
  return registers
    .flatMap((r) =>
      r.supplyChanges
        .filter((c) => c.status === 'pending')
        .map((c) => ({
          assetId: r._id,
          assetName: assets.get(r._id)?.name ?? '',
          // Who asked: an admin's own request is another admin's to decide (four eyes).
          ownerId: r.ownerId,
          supply: r.supply,
          ownerRetained: r.totals.ownerRetained,
          ...c,
        })),
    )
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
}
