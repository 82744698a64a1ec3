/**
 * Register figures: every token count, holder count or amount a read model shows, named by what it is a figure
 * of (an asset, one of its offerings, an owner's assets together, the whole platform). Each read model declares
 * the figures its documents show (`RegisterFigures`, beside the read model in `projections/<name>.ts`, listed in
 * `projections/index.ts`); the reconciliation compares each with the same figure worked out from the registers'
 * own fold (`expectedFigure`). Pure: no store here.
 */
import type { Doc, Filter } from '../../platform/read-store/read-store.js';
import { registerTotals, type RegisterState, type RegisterTotals } from './register.decider.js';

export type FigureValue = number | string | null;

/** 'document' is a presence: a read model that should hold the asset (or offering) has a document for it. */
export type AssetFigure =
  | 'document'
  | 'status'
  | 'supply'
  | 'ownerRetained'
  | 'offPlatform'
  | 'unsold'
  | 'issued'
  | 'holders';
/** `raised` is cents: the confirmed tokens at the offering's price. */
export type OfferingFigure = 'document' | 'allocated' | 'issued' | 'unsold' | 'closed' | 'raised';
/** An owner's dashboard: the supply of their approved assets, the holders of all their assets. */
export type OwnerFigure = 'activeTokens' | 'totalInvestors';
export type PlatformFigure = 'activeOfferings';

export type ShownFigure =
  | { scope: 'asset'; assetId: string; figure: AssetFigure; value: FigureValue }
  | { scope: 'offering'; assetId: string; offeringId: string; figure: OfferingFigure; value: FigureValue }
  | { scope: 'owner'; ownerId: string; figure: OwnerFigure; value: FigureValue }
  | { scope: 'platform'; figure: PlatformFigure; value: FigureValue };

/** The asset register of one asset as a fresh fold says it is. */
export interface AssetRegister {
  assetId: string;
  state: RegisterState;
  /** Offerings whose own stream records their creation (an allocation may await it, or have been given back). */
  created: ReadonlySet<string>;
}

/** What a run covers: the assets compared, by id (their registers), for the read models to name their figures. */
export type Covered = ReadonlyMap<string, AssetRegister>;

/** The register figures a read model shows; declared beside the read model. */
export interface RegisterFigures<D extends Doc> {
  /** The documents that may show figures of these assets and owners (a run over what changed reads only those). */
  select(of: { assetIds: readonly string[]; ownerIds: readonly string[] }): Filter;
  /**
   * Every figure these documents show, plus `{ figure: 'document', value: null }` for a covered asset or offering
   * the read model should show and does not (and zeros for sums with nothing to add up).
   */
  figures(docs: readonly D[], covered: Covered): ShownFigure[];
}

/** A read model that shows no register figure says why, in `projections/index.ts`. */
export type FigureDeclaration<D extends Doc = Doc> = RegisterFigures<D> | { none: string };

/** One figure a read model shows differently from the register. */
export interface Drift {
  readModel: string;
  /** The asset the figure is of; null for an owner's or the platform's figure. */
  assetId: string | null;
  /** Set when the figure is one offering's. */
  offeringId: string | null;
  /** Set when the figure is an owner's (dashboard totals). */
  ownerId?: string;
  /** What differs: the figure's name, or 'document' when the read model lacks one the register implies (or the reverse). */
  field: string;
  /** The register's figure; null where the register knows no such thing. */
  expected: FigureValue;
  /** The read model's figure; null where it has no document. */
  actual: FigureValue;
}

const known = (r: AssetRegister | undefined): r is AssetRegister => !!r && r.state.status !== 'none';

/** The cap table's holders: off-platform holders recorded and platform investors with tokens issued. */
export const holderCount = (state: RegisterState) => state.holders.size + state.investors.size;

/**
 * What the registers add up to, worked out once for a comparison: each asset's totals, each owner's figures and
 * the platform's open offerings. Worked out figure by figure, every owner's figure walked every register (owners ×
 * assets) and every asset figure summed its register again: at 1,000,000 events the first reconciliation after a
 * restart held the event loop for seconds.
 */
interface RegisterSums {
  readonly registers: Covered;
  totals(r: AssetRegister): RegisterTotals;
  readonly owners: ReadonlyMap<string, Readonly<Record<OwnerFigure, number>>>;
  readonly openOfferings: number;
}

function sumsOf(registers: Covered): RegisterSums {
  const owners = new Map<string, Record<OwnerFigure, number>>();
  let openOfferings = 0;
  for (const r of registers.values()) {
    for (const [id, o] of r.state.offerings) if (r.created.has(id) && !o.closed) openOfferings += 1;
    const ownerId = r.state.ownerId;
    if (!known(r) || ownerId === null) continue;
    let owner = owners.get(ownerId);
    if (!owner) owners.set(ownerId, (owner = { activeTokens: 0, totalInvestors: 0 }));
    owner.activeTokens += r.state.status === 'active' ? r.state.supply : 0;
    owner.totalInvestors += holderCount(r.state);
  }
  const totals = new Map<string, RegisterTotals>();
  return {
    registers,
    owners,
    openOfferings,
    totals(r) {
      let t = totals.get(r.assetId);
      if (!t) totals.set(r.assetId, (t = registerTotals(r.state)));
      return t;
    },
  };
}

function assetFigure(r: AssetRegister | undefined, figure: AssetFigure, sums: RegisterSums): FigureValue {
  if (!known(r)) return null;
  const totals = sums.totals(r);
  switch (figure) {
    case 'document':
    case 'supply':
      return totals.supply;
    case 'status':
      return r.state.status;
    case 'ownerRetained':
    case 'offPlatform':
    case 'unsold':
    case 'issued':
      return totals[figure];
    case 'holders':
      return holderCount(r.state);
    default: {
      const _exhaustive: never = figure;
      return null;
    }
  }
}

function offeringFigure(r: AssetRegister | undefined, offeringId: string, figure: OfferingFigure): FigureValue {
  const o = known(r) ? r.state.offerings.get(offeringId) : undefined;
  // Not yet created (the sweep completes it) or given back whole: no read model shows it yet.
  if (!o || !r!.created.has(offeringId)) return null;
  switch (figure) {
    case 'document':
    case 'allocated':
      return o.allocated;
    case 'issued':
      return o.issued;
    case 'unsold':
      return o.allocated - o.issued - o.returned;
    case 'closed':
      return String(o.closed);
    case 'raised':
      return o.issued * o.priceCents;
    default: {
      const _exhaustive: never = figure;
      return null;
    }
  }
}

/** The register's own value of a figure; null where the register knows no such asset or offering. */
function expectedFigure(shown: ShownFigure, sums: RegisterSums): FigureValue {
  switch (shown.scope) {
    case 'asset':
      return assetFigure(sums.registers.get(shown.assetId), shown.figure, sums);
    case 'offering':
      return offeringFigure(sums.registers.get(shown.assetId), shown.offeringId, shown.figure);
    case 'owner':
      return sums.owners.get(shown.ownerId)?.[shown.figure] ?? 0;
    case 'platform':
      return sums.openOfferings;
    default: {
      const _exhaustive: never = shown;
      return null;
    }
  }
}

/** Which asset, owner or the platform a figure is of: a run over what changed replaces the findings of those only. */
export function scopeKey(shown: Pick<Drift, 'assetId' | 'ownerId'>): string {
  return shown.assetId !== null ? `asset:${shown.assetId}` : shown.ownerId ? `owner:${shown.ownerId}` : 'platform';
}

/**
 * Each shown figure against the register's. A read model showing an asset or offering the register does not know
 * drifts once, as a 'document' the register does not imply (not once per figure).
 */
export function compareFigures(readModel: string, shown: readonly ShownFigure[], registers: Covered): Drift[] {
  const drift: Drift[] = [];
  const strays = new Set<string>();
  const sums = sumsOf(registers);
  for (const f of shown) {
    const where = {
      readModel,
      assetId: f.scope === 'asset' || f.scope === 'offering' ? f.assetId : null,
      offeringId: f.scope === 'offering' ? f.offeringId : null,
      ...(f.scope === 'owner' ? { ownerId: f.ownerId } : {}),
    };
    const expected = expectedFigure(f, sums);
    const unknown =
      (f.scope === 'asset' && !known(registers.get(f.assetId))) ||
      (f.scope === 'offering' && expectedFigure({ ...f, figure: 'document' }, sums) === null);
    if (unknown) {
      const key = `${where.assetId}/${where.offeringId}`;
      if (f.value !== null && !strays.has(key))
        drift.push({ ...where, field: 'document', expected: null, actual: f.value });
      strays.add(key);
      continue;
    }
    if (f.scope !== 'owner' && f.scope !== 'platform' && f.figure === 'document') {
      // A presence: the document's figures are compared one by one.
      if ((f.value === null) !== (expected === null))
        drift.push({ ...where, field: 'document', expected, actual: f.value });
      continue;
    }
    if (expected !== f.value) drift.push({ ...where, field: f.figure, expected, actual: f.value });
  }
  return drift;
}

/** `document: null` for each covered asset the read model has no document (or entry) for. */
export function absentAssets(covered: Covered, present: ReadonlySet<string>): ShownFigure[] {
  return [...covered.values()]
    .filter((r) => known(r) && !present.has(r.assetId))
    .map((r) => ({ scope: 'asset', assetId: r.assetId, figure: 'document', value: null }));
}

/** The offerings of an asset its register allocated and whose stream records their creation. */
export const createdOfferings = (r: AssetRegister): string[] =>
  known(r) ? [...r.state.offerings.keys()].filter((id) => r.created.has(id)) : [];
