import { toDomainEvent } from '../../platform/aggregate-repository.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { logPages } from '../../platform/event-store/log-pages.js';
import { yieldToEventLoop } from '../../platform/event-loop.js';
import type { ReadStore } from '../../platform/read-store/read-store.js';
import { assetsProjection, type AssetDoc } from '../../projections/assets.js';
import { holdingsProjection, type HoldingDoc } from '../../projections/holdings.js';
import { offeringsProjection, type OfferingDoc } from '../../projections/offerings.js';
import { registersProjection, type RegisterDoc } from '../../projections/registers.js';
import { assetStream } from '../assets/events.js';
import { offeringStream } from '../offerings/events.js';
import type { AssetStreamEvent } from './events.js';
import { offeringFactsAfter } from './offering-allocations.js';
import { register, registerTotals, type RegisterState } from './register.decider.js';
import '../assets/upcasters.js';

/** The read models that copy figures of an asset's register. */
export type ReconciledReadModel = 'registers' | 'assets' | 'holdings' | 'offerings';

/** One figure a read model shows differently from the register. */
export interface Drift {
  assetId: string;
  readModel: ReconciledReadModel;
  /** Set when the figure is one offering's. */
  offeringId: string | null;
  /** What differs: a total's name, or 'document' when the read model lacks one the register implies (or the reverse). */
  field: string;
  /** The register's figure; null where the register knows no such thing. */
  expected: number | string | null;
  /** The read model's figure; null where it has no document. */
  actual: number | string | null;
}

/** What the read models hold for one asset. */
export interface AssetReadModels {
  register: Pick<RegisterDoc, 'status' | 'supply' | 'totals'> | null;
  asset: Pick<AssetDoc, 'tokenCount' | 'capTable'> | null;
  holdings: readonly Pick<HoldingDoc, 'offeringId' | 'tokensHeld' | 'status'>[];
  offerings: readonly Pick<OfferingDoc, '_id' | 'totalTokens' | 'tokensIssued' | 'tokensReserved' | 'status'>[];
}

/** The register of one asset as a fresh fold says it is. */
export interface AssetRegister {
  assetId: string;
  state: RegisterState;
  /** Offerings whose own stream records their creation (an allocation may await it, or have been given back). */
  created: ReadonlySet<string>;
}

const sumTokens = (rows: readonly { tokens: number }[]) => rows.reduce((s, r) => s + r.tokens, 0);

/**
 * Every figure the four read models copy from the register, compared with the register's own. Pure: the runner
 * below gathers both sides. An empty list means every view agrees with the register.
 */
export function reconcileAsset(truth: AssetRegister, models: AssetReadModels): Drift[] {
  const { assetId, state } = truth;
  const drift: Drift[] = [];
  const differs = (
    readModel: ReconciledReadModel,
    field: string,
    expected: Drift['expected'],
    actual: Drift['actual'],
    offeringId: string | null = null,
  ) => {
    if (expected !== actual) drift.push({ assetId, readModel, offeringId, field, expected, actual });
  };

  if (state.status === 'none') {
    // Nothing in the log: no read model may show the asset.
    if (models.register) differs('registers', 'document', null, models.register.supply);
    if (models.asset) differs('assets', 'document', null, models.asset.tokenCount);
    const held = models.holdings.filter((h) => h.status === 'confirmed').reduce((s, h) => s + h.tokensHeld, 0);
    if (held > 0) differs('holdings', 'issued', 0, held);
    for (const o of models.offerings) differs('offerings', 'document', null, o.totalTokens, o._id);
    return drift;
  }

  const totals = registerTotals(state);
  if (!models.register) differs('registers', 'document', totals.supply, null);
  else {
    differs('registers', 'status', state.status, models.register.status);
    for (const field of ['supply', 'ownerRetained', 'offPlatform', 'unsold', 'issued'] as const)
      differs('registers', field, totals[field], models.register.totals[field]);
  }

  if (!models.asset) differs('assets', 'document', totals.supply, null);
  else {
    differs('assets', 'supply', totals.supply, models.asset.tokenCount);
    const rows = (source: 'platform' | 'off-platform') => models.asset!.capTable.filter((e) => e.source === source);
    differs('assets', 'offPlatform', totals.offPlatform, sumTokens(rows('off-platform')));
    differs('assets', 'issued', totals.issued, sumTokens(rows('platform')));
  }

  const confirmed = models.holdings.filter((h) => h.status === 'confirmed');
  differs(
    'holdings',
    'issued',
    totals.issued,
    confirmed.reduce((s, h) => s + h.tokensHeld, 0),
  );

  const docs = new Map(models.offerings.map((o) => [o._id, o]));
  for (const [offeringId, allocation] of state.offerings) {
    const doc = docs.get(offeringId);
    docs.delete(offeringId);
    const unsold = allocation.allocated - allocation.issued - allocation.returned;
    if (!doc) {
      // Not yet created (the sweep completes it) or given back whole: no document is right then.
      if (truth.created.has(offeringId)) differs('offerings', 'document', allocation.allocated, null, offeringId);
      continue;
    }
    const heldHere = confirmed.filter((h) => h.offeringId === offeringId).reduce((s, h) => s + h.tokensHeld, 0);
    differs('holdings', 'issued', allocation.issued, heldHere, offeringId);
    differs('offerings', 'allocated', allocation.allocated, doc.totalTokens, offeringId);
    differs('offerings', 'issued', allocation.issued, doc.tokensIssued, offeringId);
    // Open, everything not issued is the offering's still; closed, only what pending investments reserve.
    const notSold = doc.status === 'active' ? doc.totalTokens - doc.tokensIssued : doc.tokensReserved;
    differs('offerings', 'unsold', unsold, notSold, offeringId);
    differs('offerings', 'closed', String(allocation.closed), String(doc.status === 'closed'), offeringId);
  }
  // An offering the register never allocated sells tokens nobody accounted for.
  for (const doc of docs.values()) differs('offerings', 'document', null, doc.totalTokens, doc._id);
  return drift;
}

/** The asset register folded afresh from its stream (no cache), with what its offerings have recorded since. */
export async function foldRegister(
  store: EventStore,
  assetId: string,
): Promise<{ register: AssetRegister; unsettled: number }> {
  let state = register.initialState;
  for (const event of await store.readStream(assetStream(assetId)))
    state = register.evolve(state, toDomainEvent<AssetStreamEvent>(event));
  const created = new Set<string>();
  let unsettled = 0;
  for (const [offeringId, allocation] of [...state.offerings]) {
    const known =
      allocation.settledThrough >= 0 ||
      (await store.readStream(offeringStream(offeringId), { maxCount: 1 })).length > 0;
    if (known) created.add(offeringId);
    if (!known) continue;
    // Facts the process manager has yet to record on the register (it settles right after each, or on its sweep):
    // what the register decides for them is the register the read models should already show.
    const facts = await offeringFactsAfter(store, offeringId, allocation.settledThrough);
    if (facts.length === 0) continue;
    const settling = register.decide({ type: 'SettleOffering', assetId, offeringId, facts }, state);
    if (settling.length > 0) unsettled += 1;
    state = settling.reduce(register.evolve, state);
  }
  return { register: { assetId, state, created }, unsettled };
}

export interface ReconciliationStatus {
  /** null until the first run has finished. */
  ok: boolean | null;
  running: boolean;
  /** Assets compared in the last finished run (progress: `checked` of `total` while one runs). */
  assets: number;
  checked: number;
  total: number;
  drift: Drift[];
  /** Offerings whose newest facts the register was still to follow (settled by the sweep; not drift). */
  unsettled: number;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  error: string | null;
}

export interface ReconciliationOptions {
  /** Resolves once the read models have passed this log position (the projection engine's waitFor). */
  caughtUp(position: number): Promise<unknown>;
  now?: () => number;
}

const RECHECKS = 3;

/**
 * What a run looks at: every asset in the log (`all`), or only those whose asset or offering streams moved since
 * the last run (`changed`; the first run of a process is always `all`).
 */
export type ReconciliationScope = 'all' | 'changed';

/**
 * The runner: each asset's register folded afresh, against the four read models. One run at a time; a second
 * start joins it. Candidates for drift are checked again on their own once the read models have caught up with
 * the log, so an event landing mid-run is never reported as drift. A `changed` run keeps what the last runs
 * found for every asset it does not look at: its cost follows what happened since, not the size of the history.
 */
export class RegisterReconciliation {
  private current: ReconciliationStatus = {
    ok: null,
    running: false,
    assets: 0,
    checked: 0,
    total: 0,
    drift: [],
    unsettled: 0,
    startedAt: null,
    finishedAt: null,
    durationMs: null,
    error: null,
  };
  private running: Promise<ReconciliationStatus> | null = null;
  /** Asset ids found in the log so far, and how far the log was searched for them. */
  private readonly known = new Set<string>();
  private searchedTo = 0;
  /** Each asset's findings as of its last check, and the log position the last run covered (null before one). */
  private readonly findings = new Map<string, { drift: Drift[]; unsettled: number }>();
  private checkedTo: number | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly reads: ReadStore,
    private readonly options: ReconciliationOptions,
  ) {}

  status(): ReconciliationStatus {
    return { ...this.current, drift: [...this.current.drift] };
  }

  start(
    onProgress?: (checked: number, total: number) => void,
    scope: ReconciliationScope = 'all',
  ): Promise<ReconciliationStatus> {
    if (!this.running) {
      const now = this.options.now ?? Date.now;
      const started = now();
      this.current = {
        ...this.current,
        running: true,
        checked: 0,
        total: 0,
        startedAt: new Date(started).toISOString(),
        error: null,
      };
      this.running = this.run(scope, onProgress)
        .then(
          ({ assets, drift, unsettled }) => {
            this.current = { ...this.current, ok: drift.length === 0, assets, drift, unsettled };
          },
          (error: unknown) => {
            this.current = { ...this.current, error: error instanceof Error ? error.message : String(error) };
          },
        )
        .then(() => {
          const finished = now();
          this.current = {
            ...this.current,
            running: false,
            finishedAt: new Date(finished).toISOString(),
            durationMs: finished - started,
          };
          return this.status();
        })
        .finally(() => (this.running = null));
    }
    return this.running;
  }

  private async run(scope: ReconciliationScope, onProgress?: (checked: number, total: number) => void) {
    const head = await this.store.headPosition();
    const changed = scope === 'changed' && this.checkedTo !== null ? await this.touchedSince(this.checkedTo) : null;
    await this.findAssets(head);
    await this.options.caughtUp(head);
    // A whole run reads each read model once; a run over what changed asks for each of its assets.
    const models = changed ? null : await this.allReadModels();
    const ids = changed ?? new Set([...this.known, ...models!.assetIds]);
    if (!changed) this.findings.clear();
    this.current.total = ids.size;
    for (const assetId of ids) {
      const folded = await foldRegister(this.store, assetId);
      const found = reconcileAsset(folded.register, models?.of(assetId) ?? (await this.readModelsOf(assetId)));
      const findings = found.length === 0 ? { drift: [], unsettled: folded.unsettled } : await this.recheck(assetId);
      this.findings.set(assetId, findings);
      this.current.checked += 1;
      onProgress?.(this.current.checked, ids.size);
      await yieldToEventLoop();
    }
    this.checkedTo = head;
    const all = [...this.findings.values()];
    return {
      assets: this.findings.size,
      drift: all.flatMap((f) => f.drift),
      unsettled: all.reduce((sum, f) => sum + f.unsettled, 0),
    };
  }

  /** The four read models whole, by asset. */
  private async allReadModels() {
    const [registers, assets, holdings, offerings] = await Promise.all([
      this.reads.collection<RegisterDoc>(registersProjection.name).find({}),
      this.reads.collection<AssetDoc>(assetsProjection.name).find({}),
      this.reads.collection<HoldingDoc>(holdingsProjection.name).find({}),
      this.reads.collection<OfferingDoc>(offeringsProjection.name).find({}),
    ]);
    const byId = <T extends { _id: string }>(docs: T[]) => new Map(docs.map((d) => [d._id, d]));
    const byAsset = <T extends { assetId: string }>(docs: T[]) => {
      const grouped = new Map<string, T[]>();
      for (const d of docs) {
        const list = grouped.get(d.assetId);
        if (list) list.push(d);
        else grouped.set(d.assetId, [d]);
      }
      return grouped;
    };
    const [registerOf, assetOf, holdingsOf, offeringsOf] = [
      byId(registers),
      byId(assets),
      byAsset(holdings),
      byAsset(offerings),
    ];
    return {
      assetIds: [...registerOf.keys(), ...assetOf.keys(), ...holdingsOf.keys(), ...offeringsOf.keys()],
      of: (assetId: string): AssetReadModels => ({
        register: registerOf.get(assetId) ?? null,
        asset: assetOf.get(assetId) ?? null,
        holdings: holdingsOf.get(assetId) ?? [],
        offerings: offeringsOf.get(assetId) ?? [],
      }),
    };
  }

  /** Assets whose own stream or an offering's recorded something after `position`. */
  private async touchedSince(position: number): Promise<Set<string>> {
    const ids = new Set<string>();
    for await (const page of logPages(this.store, { streamPrefixes: ['asset-', 'offering-'] }, position))
      for (const e of page) {
        const { assetId } = e.data as { assetId?: unknown };
        if (typeof assetId === 'string') ids.add(assetId);
      }
    return ids;
  }

  /** One asset on its own, after the read models have caught up; again while the log moves under it. */
  private async recheck(assetId: string): Promise<{ drift: Drift[]; unsettled: number }> {
    for (let attempt = 1; ; attempt++) {
      const before = await this.store.headPosition();
      await this.options.caughtUp(before);
      const [folded, models] = await Promise.all([foldRegister(this.store, assetId), this.readModelsOf(assetId)]);
      const drift = reconcileAsset(folded.register, models);
      const moved = (await this.store.headPosition()) !== before;
      if (drift.length === 0 || !moved || attempt === RECHECKS) return { drift, unsettled: folded.unsettled };
    }
  }

  private async readModelsOf(assetId: string): Promise<AssetReadModels> {
    const [register, asset, holdings, offerings] = await Promise.all([
      this.reads.collection<RegisterDoc>(registersProjection.name).get(assetId),
      this.reads.collection<AssetDoc>(assetsProjection.name).get(assetId),
      this.reads.collection<HoldingDoc>(holdingsProjection.name).find({ assetId }),
      this.reads.collection<OfferingDoc>(offeringsProjection.name).find({ assetId }),
    ]);
    return { register, asset, holdings, offerings };
  }

  /** Every asset ever drafted, read from the log once: each run searches only what was appended since. */
  private async findAssets(head: number): Promise<void> {
    if (this.searchedTo >= head) return;
    const drafted = { eventTypes: ['AssetDrafted'], streamPrefixes: ['asset-'] };
    for await (const page of logPages(this.store, drafted, this.searchedTo))
      for (const e of page) this.known.add((e.data as { assetId: string }).assetId);
    this.searchedTo = head;
  }
}
