import type { Address } from 'viem';
import type { ChainCall } from '../../platform/chain/contracts.js';
import { MAX_BATCH, type ChainIntent } from './events.js';
import { blockedBy, callFor, type FlowState, type TxView } from './flow.js';

/**
 * Batching, pure (issue 33): when more than one ready transaction of a batchable kind waits on the same contract, the
 * outbox sends them as one chain transaction — T-REX's `batchForcedTransfer`, `batchMint`, the identity registry's
 * `batchRegisterIdentity`, and Kauri's `HoldingRulesModule.batchLockUntil`. A kind opts in by an entry in
 * `BATCHABLE` (how its transactions are grouped, what one item costs in gas, how calls combine); every other kind —
 * and any kind added later without an entry — is sent alone, as before.
 */
export interface Batchable {
  /** Ready transactions with the same key may share one chain transaction (they call the same contract). */
  key(intent: ChainIntent): string;
  /** An upper estimate of the gas one item adds to a batch (measured on the embedded chain, with headroom). */
  gasPerItem: number;
  /** The one call doing what each of `calls` (as `callFor` makes them, in order) would do alone. */
  combine(calls: ChainCall[]): ChainCall;
}

const only = <Op extends ChainCall['op']>(calls: ChainCall[], op: Op): Extract<ChainCall, { op: Op }>[] =>
  calls.map((call) => {
    if (call.op !== op) throw new Error(`a batch of ${op} holds a ${call.op}`);
    return call as Extract<ChainCall, { op: Op }>;
  });

export const BATCHABLE: Partial<Record<ChainIntent['kind'], Batchable>> = {
  'forced-transfer': {
    key: (intent) => `forced-transfer:${'assetId' in intent ? intent.assetId : ''}`,
    gasPerItem: 160_000,
    combine(calls) {
      const items = only(calls, 'forced-transfer');
      return {
        op: 'batch-forced-transfer',
        token: items[0]!.token,
        from: items.map((c) => c.from),
        to: items.map((c) => c.to),
        amounts: items.map((c) => c.amount),
      };
    },
  },
  mint: {
    key: (intent) => `mint:${'assetId' in intent ? intent.assetId : ''}`,
    gasPerItem: 160_000,
    combine(calls) {
      const items = only(calls, 'mint');
      return {
        op: 'batch-mint',
        token: items[0]!.token,
        to: items.map((c) => c.to),
        amounts: items.map((c) => c.amount),
      };
    },
  },
  'lock-up': {
    key: (intent) => `lock-up:${'assetId' in intent ? intent.assetId : ''}`,
    gasPerItem: 40_000,
    combine(calls) {
      const items = only(calls, 'lock-until');
      // One entry per holder, with the latest time asked for: the module never shortens a lock-up anyway.
      const until = new Map<Address, bigint>();
      for (const c of items) if ((until.get(c.holder) ?? -1n) < c.until) until.set(c.holder, c.until);
      return {
        op: 'batch-lock-until',
        compliance: items[0]!.compliance,
        module: items[0]!.module,
        holders: [...until.keys()],
        until: [...until.values()],
      };
    },
  },
  'register-identity': {
    key: () => 'register-identity',
    gasPerItem: 200_000,
    combine(calls) {
      const items = only(calls, 'register-identity');
      return {
        op: 'batch-register-identity',
        registry: items[0]!.registry,
        wallets: items.map((c) => c.wallet),
        identities: items.map((c) => c.identity),
        countries: items.map((c) => c.country),
      };
    },
  },
};

/** How batches are formed (`CHAIN_BATCH_WAIT_MS`, `CHAIN_BATCH_GAS`). */
export interface BatchPolicy {
  /**
   * The longest a ready transaction waits for others to join it: one of a kind whose last send (on the same
   * contract) was longer ago than this goes at once; otherwise it goes with whatever joined it by then.
   */
  waitMs: number;
  /** The most gas one batch may use (kept below a block's gas limit): caps its count by the kind's gas per item. */
  gasBudget: number;
}

/** The batch key of a transaction's kind, or null when its kind is always sent alone. */
export const batchKeyOf = (intent: ChainIntent): string | null => BATCHABLE[intent.kind]?.key(intent) ?? null;

/** The most transactions of this kind one batch carries: the gas budget over the gas per item, and `MAX_BATCH`. */
export function batchCap(kind: ChainIntent['kind'], policy: BatchPolicy): number {
  const batchable = BATCHABLE[kind];
  if (!batchable) return 1;
  return Math.max(1, Math.min(MAX_BATCH, Math.floor(policy.gasBudget / batchable.gasPerItem)));
}

/** What to send next: these transactions (one, or a batch of one key), or nothing before `until` (ms), or nothing. */
export type NextSend =
  | { kind: 'send'; txs: TxView[]; key: string | null }
  | { kind: 'wait'; until: number }
  | { kind: 'idle' };

/**
 * The next send, from the ready transactions in request order. A kind that does not batch goes alone at once. A
 * batchable one takes every ready transaction of its key (in request order, up to `batchCap`, and to the `maxBatch`
 * of the first when its last batch failed as a whole) and goes when the batch is full, or when nothing of its key
 * was sent within `waitMs` (`lastSent`: key → ms) — an idle outbox sends at once, a busy one collects for up to
 * `waitMs`. Keys still collecting are passed over for the next ready transaction; the earliest of their times is
 * when to look again.
 */
export function nextSend(
  state: FlowState,
  policy: BatchPolicy,
  now: number,
  lastSent: ReadonlyMap<string, number>,
): NextSend {
  const ready = [...state.txs.values()]
    .filter((tx) => tx.status === 'requested' && blockedBy(tx, state) === null)
    .sort((a, b) => a.seq - b.seq);
  return chooseNext(ready, policy, now, lastSent);
}

/** `nextSend` on a list of ready transactions (in request order). */
export function chooseNext(
  ready: readonly TxView[],
  policy: BatchPolicy,
  now: number,
  lastSent: ReadonlyMap<string, number>,
): NextSend {
  let until: number | null = null;
  const passed = new Set<string>();
  for (const tx of ready) {
    const key = batchKeyOf(tx.intent);
    if (key === null) return { kind: 'send', txs: [tx], key: null };
    if (passed.has(key)) continue;
    passed.add(key);
    const cap = Math.min(batchCap(tx.intent.kind, policy), tx.maxBatch ?? Number.POSITIVE_INFINITY);
    const group = ready.filter((t) => batchKeyOf(t.intent) === key).slice(0, cap);
    const last = lastSent.get(key);
    if (group.length >= cap || last === undefined || now - last >= policy.waitMs)
      return { kind: 'send', txs: group, key };
    until = Math.min(until ?? Number.POSITIVE_INFINITY, last + policy.waitMs);
  }
  return until === null ? { kind: 'idle' } : { kind: 'wait', until };
}

/** Halves of a batch, for when it cannot go as a whole (refused by simulation, over the gas budget): bisection. */
export function splitBatch<T>(items: readonly T[]): [T[], T[]] {
  const half = Math.ceil(items.length / 2);
  return [items.slice(0, half), items.slice(half)];
}

/** After a batch of `size` failed as a whole: the most each of its members may share a chain transaction with. */
export const maxBatchAfterFailure = (size: number) => Math.max(1, Math.ceil(size / 2));

/** The one call a batch sends, and each member's holder wallet (as `callFor` gives them alone). Pure. */
export function batchCallFor(
  txs: readonly TxView[],
  state: FlowState,
  signer: Address,
): { call: ChainCall; wallets: (string | null)[] } {
  const first = txs[0];
  const batchable = first && BATCHABLE[first.intent.kind];
  if (!first || !batchable || txs.length < 2) throw new Error('a batch needs two or more of one batchable kind');
  const key = batchable.key(first.intent);
  const singles = txs.map((tx) => {
    if (tx.intent.kind !== first.intent.kind || batchable.key(tx.intent) !== key)
      throw new Error(`${tx.txId} does not belong in batch ${key}`);
    return callFor(tx, state, signer);
  });
  return { call: batchable.combine(singles.map((s) => s.call)), wallets: singles.map((s) => s.wallet) };
}
