import { toDomainEvent } from '../../platform/aggregate-repository.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { logPages } from '../../platform/event-store/log-pages.js';
import { yieldToEventLoop } from '../../platform/event-loop.js';
import type { ReadStore } from '../../platform/read-store/read-store.js';
import type { Doc } from '../../platform/read-store/read-store.js';
import { registerFigures } from '../../projections/index.js';
import { assetStream } from '../assets/events.js';
import { offeringStream } from '../offerings/events.js';
import type { AssetStreamEvent } from './events.js';
import { offeringFactsAfter } from './offering-allocations.js';
import { compareFigures, scopeKey, type AssetRegister, type Covered, type Drift } from './figures.js';
import { register } from './register.decider.js';

export type { AssetRegister, Drift } from './figures.js';

/** Every read model's documents that show register figures, by read model name. */
export type ShownDocuments = ReadonlyMap<string, readonly Doc[]>;

/**
 * Every figure the read models declare (`projections/index.ts` → `registerFigures`) compared with the registers'
 * own. Pure: the runner below gathers both sides. `registers` are all the registers known (owner and platform
 * totals add them up); `covered` those this comparison is about (a read model lacking one of them drifts). An
 * empty list means every view agrees with the register.
 */
export function reconcile(registers: Covered, covered: Covered, shown: ShownDocuments): Drift[] {
  const drift: Drift[] = [];
  for (const [readModel, declaration] of Object.entries(registerFigures)) {
    if ('none' in declaration) continue;
    const figures = declaration.figures(shown.get(readModel) ?? [], covered);
    drift.push(...compareFigures(readModel, figures, registers));
  }
  return drift;
}

/** The asset register folded afresh from its stream (no cache), with what its offerings have recorded since. */
export async function foldRegister(
  store: EventStore,
  assetId: string,
): Promise<{ register: AssetRegister; unsettled: number }> {
  let state = register.initialState;
  for (const event of await store.readStream(assetStream(assetId)))
    state = register.evolve(state, toDomainEvent<AssetStreamEvent>(event, register.upcasters));
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

/** One difference, both sides' figures included: the same key a run later is the same wrong figure. */
const driftKey = (d: Drift) =>
  JSON.stringify([d.readModel, d.assetId, d.offeringId, d.ownerId ?? null, d.field, d.expected, d.actual]);

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
  /** Each asset's register as last folded (owner and platform figures add them up), with its unsettled count. */
  private readonly registers = new Map<string, { register: AssetRegister; unsettled: number }>();
  /** Drift as of the last check, by what it is about (`scopeKey`), and the log position the last run covered. */
  private readonly findings = new Map<string, Drift[]>();
  /** Drift found while its asset moved (`moving`), by `driftKey`: reported if the next run finds it again. */
  private suspected = new Map<string, Drift>();
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
    const ids = changed ?? new Set(this.known);
    if (!changed) this.registers.clear();
    this.current.total = ids.size;
    for (const assetId of ids) {
      this.registers.set(assetId, await foldRegister(this.store, assetId));
      this.current.checked += 1;
      onProgress?.(this.current.checked, ids.size);
      await yieldToEventLoop();
    }
    if (ids.size > 0 || !changed) {
      // The read models have passed `confirmedAt`; a register folded since may hold what they have yet to show.
      let confirmedAt = head;
      let drift = await this.compare(ids, !changed);
      let unsure = await this.moving(drift, confirmedAt);
      // What may be such a moment is checked again once the read models have caught up with what landed meanwhile.
      for (let attempt = 1; unsure.length > 0 && attempt < RECHECKS; attempt++) {
        confirmedAt = await this.store.headPosition();
        await this.options.caughtUp(confirmedAt);
        for (const assetId of await this.touchedSince(head)) {
          if (!changed) this.known.add(assetId);
          ids.add(assetId);
          this.registers.set(assetId, await foldRegister(this.store, assetId));
        }
        drift = await this.compare(ids, !changed);
        unsure = await this.moving(drift, confirmedAt);
      }
      this.record(ids, drift, unsure, !changed);
    }
    this.checkedTo = head;
    return {
      assets: this.registers.size,
      drift: [...this.findings.values()].flat(),
      unsettled: [...this.registers.values()].reduce((sum, r) => sum + r.unsettled, 0),
    };
  }

  /** The declared figures of the read models' documents about these assets (every document for a whole run). */
  private async compare(ids: ReadonlySet<string>, whole: boolean): Promise<Drift[]> {
    const registers: Covered = new Map([...this.registers].map(([id, r]) => [id, r.register]));
    const covered: Covered = whole
      ? registers
      : new Map([...ids].flatMap((id) => (registers.has(id) ? [[id, registers.get(id)!] as const] : [])));
    const ownerIds = [...new Set([...covered.values()].flatMap((r) => r.state.ownerId ?? []))];
    const shown = new Map<string, Doc[]>();
    for (const [name, declaration] of Object.entries(registerFigures)) {
      if ('none' in declaration) continue;
      const filter = whole ? {} : declaration.select({ assetIds: [...ids], ownerIds });
      shown.set(name, await this.reads.collection<Doc>(name).find(filter));
    }
    const drift = reconcile(registers, covered, shown);
    if (whole) return drift;
    // A run over what changed speaks for those assets, their owners and the platform only.
    const about = new Set(['platform', ...[...ids].map((id) => `asset:${id}`), ...ownerIds.map((id) => `owner:${id}`)]);
    return drift.filter((d) => about.has(scopeKey(d)));
  }

  /**
   * Drift whose asset (or, for an owner's or the platform's figure, any asset of theirs) recorded something after
   * `confirmedAt`: the register's fold may hold it while the read models were compared before showing it, so it
   * says nothing yet. On an asset written to without pause, every check could land in such a moment.
   */
  private async moving(drift: readonly Drift[], confirmedAt: number): Promise<Drift[]> {
    if (drift.length === 0) return [];
    const moved = await this.touchedSince(confirmedAt);
    const ownerOf = (assetId: string) => this.registers.get(assetId)?.register.state.ownerId;
    return drift.filter((d) =>
      d.assetId !== null
        ? moved.has(d.assetId)
        : d.ownerId
          ? [...moved].some((id) => ownerOf(id) === undefined || ownerOf(id) === d.ownerId)
          : moved.size > 0,
    );
  }

  /**
   * Keeps findings by what they are about; a run over what changed replaces only those it looked at. Drift found
   * while its asset moved is reported once the same difference (the same figures on both sides) is found again
   * by the next run: a moment between a write and its projection does not repeat itself a run later, a read model
   * that is wrong does.
   */
  private record(ids: ReadonlySet<string>, drift: readonly Drift[], unsure: readonly Drift[], whole: boolean) {
    const lookedAt = new Set(['platform']);
    for (const id of ids) {
      lookedAt.add(`asset:${id}`);
      const ownerId = this.registers.get(id)?.register.state.ownerId;
      if (ownerId) lookedAt.add(`owner:${ownerId}`);
    }
    const seenBefore = this.suspected;
    this.suspected = new Map(whole ? [] : [...seenBefore].filter(([, d]) => !lookedAt.has(scopeKey(d))));
    for (const d of unsure) this.suspected.set(driftKey(d), d);
    const unsureKeys = new Set(unsure.map(driftKey));
    const found = drift.filter((d) => !unsureKeys.has(driftKey(d)) || seenBefore.has(driftKey(d)));
    if (whole) this.findings.clear();
    else for (const key of lookedAt) this.findings.delete(key);
    for (const d of found) {
      const key = scopeKey(d);
      const list = this.findings.get(key);
      if (list) list.push(d);
      else this.findings.set(key, [d]);
    }
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

  /** Every asset ever drafted, read from the log once: each run searches only what was appended since. */
  private async findAssets(head: number): Promise<void> {
    if (this.searchedTo >= head) return;
    const drafted = { eventTypes: ['AssetDrafted'], streamPrefixes: ['asset-'] };
    for await (const page of logPages(this.store, drafted, this.searchedTo))
      for (const e of page) this.known.add((e.data as { assetId: string }).assetId);
    this.searchedTo = head;
  }
}
