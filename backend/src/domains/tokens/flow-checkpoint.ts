import { KeptSnapshots, type KeptSnapshotHead } from '../../platform/read-store/kept-snapshots.js';
import type { ReadStore } from '../../platform/read-store/read-store.js';
import { TOKEN_EVENT_TYPES, type ChainIntent } from './events.js';
import {
  chainIntents,
  evolveFlow,
  FLOW_VERSION,
  initialFlowState,
  SOURCE_EVENT_TYPES,
  type FoldedEvent,
  type FlowState,
} from './flow.js';

/**
 * The chain outbox's fold of the log (its `FlowState` and the intents not yet recorded), and its checkpoint: a
 * snapshot of both as a plain JSON document in the read store, with the log position it folds through and
 * `FLOW_VERSION`. A process loads it at boot and folds only the events after it; the sending side writes it.
 */

/** The events the outbox folds: the register's that call for chain transactions, and its own. */
export const FLOW_EVENT_TYPES: readonly string[] = [...SOURCE_EVENT_TYPES, ...TOKEN_EVENT_TYPES];

/** The read store's collection of snapshots: one head document per chain (`c<chainId>`) and its chunks. */
export const FLOW_SNAPSHOTS = '_chain_flow';

/** Intents an event called for that are not yet recorded as `ChainTransactionRequested`: txId → intent and cause. */
export type Wanted = Map<string, { intent: ChainIntent; causeEventId: string | null }>;

/** What the outbox folds the log into. */
export interface FlowFold {
  state: FlowState;
  wanted: Wanted;
}

export function initialFold(chainId: number): FlowFold {
  return { state: initialFlowState(chainId), wanted: new Map() };
}

/**
 * Folds one event as the outbox does: first what it calls for (read from the state before it) joins `wanted`, then
 * the state folds it; a `ChainTransactionRequested` takes its intent out of `wanted`.
 *
 * Why `wanted` is part of the snapshot and not worked out again on resuming: an intent is a function of its cause
 * event *and the state just before it* (`chainIntents(event, state)`), and the state after the snapshot no longer
 * holds that "before" — an `InvestmentConfirmed` folded before position K whose transfer is requested after K (or
 * never, when the process stopped in between) leaves a confirmed investment and no trace of the transfer in
 * `FlowState`. Working it out again would mean a second, per-case mapping from state to intents beside
 * `chainIntents` (the one mapping). Kept in the snapshot, it is exactly what folding 1..K left; the events after K
 * then add and remove entries as they would have.
 */
export function foldFlow(fold: FlowFold, event: FoldedEvent): void {
  for (const { txId, intent } of chainIntents(event, fold.state))
    if (!fold.wanted.has(txId)) fold.wanted.set(txId, { intent, causeEventId: event.metadata?.eventId ?? null });
  evolveFlow(fold.state, event);
  if (event.type === 'ChainTransactionRequested') fold.wanted.delete(event.data.txId);
}

/** A fold as plain JSON: every Map of the state (and `wanted`) as its entries. */
export interface FlowSnapshot {
  version: number;
  /** The last log position folded: the fold resumes with the events after it. */
  position: number;
  chainId: number;
  state: Record<string, unknown>;
  wanted: [string, { intent: ChainIntent; causeEventId: string | null }][];
}

/** A snapshot as the JSON text it is stored as, with what its head document says of it. */
export interface SnapshotText {
  json: string;
  version: number;
  position: number;
  chainId: number;
}

/**
 * The fold as JSON text (a `FlowSnapshot`), serialized in one synchronous step — the fold only changes between
 * events, so it is a consistent cut at `state.position` — and once: a large state is not copied first. Every Map
 * (the state's fields, `wanted`) is written as its entries, whatever fields the state gains later.
 */
export function snapshotJson(fold: FlowFold, version = FLOW_VERSION): SnapshotText {
  const { position, chainId } = fold.state;
  const snapshot = { version, position, chainId, state: fold.state, wanted: fold.wanted };
  const json = JSON.stringify(snapshot, (_key, value: unknown) => (value instanceof Map ? [...value] : value));
  return { json, version, position, chainId };
}

/** The fold as a plain JSON object (what the store gives back): for comparing folds. */
export function snapshotOf(fold: FlowFold): FlowSnapshot {
  return JSON.parse(snapshotJson(fold).json) as FlowSnapshot;
}

/**
 * The fold a snapshot holds, or null when it cannot be used: taken under another `FLOW_VERSION` (evolve meant
 * something else then), for another chain, or not of the shape this state has.
 */
export function restoreFold(snapshot: FlowSnapshot, chainId: number): FlowFold | null {
  if (snapshot.version !== FLOW_VERSION || snapshot.chainId !== chainId) return null;
  const template = initialFlowState(chainId) as unknown as Record<string, unknown>;
  const state: Record<string, unknown> = {};
  for (const [key, initial] of Object.entries(template)) {
    const saved = snapshot.state[key];
    if (saved === undefined) return null;
    if (initial instanceof Map) {
      if (!Array.isArray(saved)) return null;
      state[key] = new Map(saved as [unknown, unknown][]);
    } else state[key] = saved;
  }
  if (!Array.isArray(snapshot.wanted)) return null;
  return { state: state as unknown as FlowState, wanted: new Map(snapshot.wanted) };
}

/** The head document of a chain's snapshot: where it stands, which chain, and how to put its parts together. */
export interface SnapshotHead extends KeptSnapshotHead {
  chainId: number;
}

/** What `load` found: the fold to resume from, or why it folds from 0. */
export type LoadedFold =
  | { fold: FlowFold; head: SnapshotHead }
  | { fold: null; reason: 'none' | 'version' | 'unreadable'; head: SnapshotHead | null };

/** The snapshots in the read store (`_chain_flow`): `KeptSnapshots`, one per chain. */
export class FlowCheckpoints {
  private readonly snapshots: KeptSnapshots<SnapshotHead>;

  constructor(reads: ReadStore, chunkChars?: number) {
    this.snapshots = new KeptSnapshots<SnapshotHead>(reads, FLOW_SNAPSHOTS, chunkChars);
  }

  private headId(chainId: number) {
    return `c${chainId}`;
  }

  async head(chainId: number): Promise<SnapshotHead | null> {
    return this.snapshots.head(this.headId(chainId));
  }

  async load(chainId: number): Promise<LoadedFold> {
    const loaded = await this.snapshots.load(this.headId(chainId), FLOW_VERSION);
    if (loaded.json === null) return { fold: null, reason: loaded.reason, head: loaded.head };
    try {
      const fold = restoreFold(JSON.parse(loaded.json) as FlowSnapshot, chainId);
      return fold ? { fold, head: loaded.head } : { fold: null, reason: 'version', head: loaded.head };
    } catch {
      return { fold: null, reason: 'unreadable', head: loaded.head };
    }
  }

  /** Stores a snapshot (its parts, then its head, then drops parts a larger earlier one left) in one batch. */
  async save(snapshot: SnapshotText): Promise<SnapshotHead> {
    const { json, version, position, chainId } = snapshot;
    return this.snapshots.save(this.headId(chainId), json, { version, position, chainId });
  }

  /** Drops every snapshot: the next boot (or a rebuild) folds the log from position 0. */
  async drop(): Promise<void> {
    await this.snapshots.drop();
  }
}
