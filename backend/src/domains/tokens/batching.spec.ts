import type { Address } from 'viem';
import type { ChainCall } from '../../platform/chain/contracts.js';
import {
  BATCHABLE,
  batchCap,
  batchKeyOf,
  chooseNext,
  maxBatchAfterFailure,
  splitBatch,
  type BatchPolicy,
} from './batching.js';
import { chainBatch } from './chain-batch.decider.js';
import { chainTransaction } from './chain-transaction.decider.js';
import { fold } from '../../platform/decider.js';
import type { ChainIntent } from './events.js';
import { evolveFlow, initialFlowState, type FlowEvent, type FlowState, type TxView } from './flow.js';

/** Batching, pure: which ready transactions go together, when, within what gas; and how a batch folds. */
const policy: BatchPolicy = { waitMs: 1_000, gasBudget: 15_000_000 };
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

const transfer = (n: number, assetId = 'a1'): ChainIntent => ({
  kind: 'forced-transfer',
  assetId,
  investmentId: `i${n}`,
  fromPersonId: 'owner',
  toPersonId: `inv${n % 3}`,
  amount: 10,
  reversal: false,
});
const lockUp = (n: number): ChainIntent => ({
  kind: 'lock-up',
  assetId: 'a1',
  investmentId: `i${n}`,
  personId: `inv${n % 3}`,
  until: '2027-01-01T00:00:00.000Z',
});
const tx = (seq: number, intent: ChainIntent, extra: Partial<TxView> = {}): TxView => ({
  txId: `c31337-tx-${seq}`,
  intent,
  seq,
  status: 'requested',
  txHash: null,
  nonce: null,
  raw: null,
  wallet: null,
  contractAddress: null,
  blockNumber: null,
  suite: null,
  reason: null,
  requestedAt: '',
  batchId: null,
  maxBatch: null,
  ...extra,
});

describe('forming batches', () => {
  test('kinds opt in: transfers, mints, lock-ups and registrations batch; the rest (and new kinds) go alone', () => {
    expect(Object.keys(BATCHABLE).sort()).toEqual(['forced-transfer', 'lock-up', 'mint', 'register-identity']);
    expect(batchKeyOf(transfer(1))).toBe('forced-transfer:a1');
    expect(batchKeyOf(transfer(1, 'a2'))).toBe('forced-transfer:a2');
    expect(batchKeyOf({ kind: 'unpause', assetId: 'a1' })).toBeNull();
    expect(batchKeyOf({ kind: 'remove-identity', personId: 'p', wallet: address(1) })).toBeNull();
    expect(batchCap('unpause', policy)).toBe(1);
  });

  test('an idle outbox sends at once: one ready transfer goes alone, several of one token go as one batch', () => {
    expect(chooseNext([tx(0, transfer(0))], policy, 10_000, new Map())).toMatchObject({
      kind: 'send',
      key: 'forced-transfer:a1',
      txs: [{ seq: 0 }],
    });
    const ready = [0, 1, 2, 3].map((n) => tx(n, transfer(n)));
    const next = chooseNext(ready, policy, 10_000, new Map());
    expect(next).toMatchObject({ kind: 'send', key: 'forced-transfer:a1' });
    expect(next.kind === 'send' && next.txs.map((t) => t.seq)).toEqual([0, 1, 2, 3]);
  });

  test('a busy key collects for up to waitMs after its last send, while other kinds go by', () => {
    const lastSent = new Map([['forced-transfer:a1', 9_500]]);
    const ready = [tx(0, transfer(0)), tx(1, transfer(1)), tx(2, { kind: 'unpause', assetId: 'a2' })];
    // 500 ms after the last transfer batch: the transfers wait, the unpause (no batching) goes.
    expect(chooseNext(ready, policy, 10_000, lastSent)).toMatchObject({ kind: 'send', key: null, txs: [{ seq: 2 }] });
    expect(chooseNext(ready.slice(0, 2), policy, 10_000, lastSent)).toEqual({ kind: 'wait', until: 10_500 });
    // Their time has come: both go together.
    const due = chooseNext(ready.slice(0, 2), policy, 10_500, lastSent);
    expect(due.kind === 'send' && due.txs.map((t) => t.seq)).toEqual([0, 1]);
    // Another token's transfers are another key: not held by the first one's wait.
    const other = chooseNext([...ready.slice(0, 2), tx(3, transfer(3, 'a2'))], policy, 10_000, lastSent);
    expect(other).toMatchObject({ kind: 'send', key: 'forced-transfer:a2', txs: [{ seq: 3 }] });
    expect(chooseNext([], policy, 10_000, lastSent)).toEqual({ kind: 'idle' });
  });

  test('a batch stays within the gas budget: the count is capped by gas per item, and a full batch does not wait', () => {
    const small: BatchPolicy = { waitMs: 1_000, gasBudget: 5 * BATCHABLE['forced-transfer']!.gasPerItem + 1 };
    expect(batchCap('forced-transfer', small)).toBe(5);
    expect(batchCap('forced-transfer', policy)).toBe(Math.floor(15_000_000 / 160_000));
    expect(batchCap('lock-up', { waitMs: 0, gasBudget: 1e12 })).toBe(500);
    const ready = Array.from({ length: 12 }, (_, n) => tx(n, transfer(n)));
    // Sent 10 ms ago, but full: it goes now, the first five in request order.
    const next = chooseNext(ready, small, 10_000, new Map([['forced-transfer:a1', 9_990]]));
    expect(next.kind === 'send' && next.txs.map((t) => t.seq)).toEqual([0, 1, 2, 3, 4]);
    // Not full: it waits.
    expect(chooseNext(ready.slice(0, 4), small, 10_000, new Map([['forced-transfer:a1', 9_990]]))).toEqual({
      kind: 'wait',
      until: 10_990,
    });
  });

  test('after a batch failed as a whole its members go in batches of half its size, down to alone', () => {
    expect([1, 2, 3, 8, 75].map(maxBatchAfterFailure)).toEqual([1, 1, 2, 4, 38]);
    expect(splitBatch([1, 2, 3, 4, 5])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(splitBatch([1, 2])).toEqual([[1], [2]]);
    const released = [0, 1, 2, 3].map((n) => tx(n, transfer(n), { maxBatch: 2 }));
    const later = [4, 5].map((n) => tx(n, transfer(n)));
    const next = chooseNext([...released, ...later], policy, 10_000, new Map());
    expect(next.kind === 'send' && next.txs.map((t) => t.seq)).toEqual([0, 1]);
    const alone = chooseNext([tx(0, transfer(0), { maxBatch: 1 }), tx(1, transfer(1))], policy, 10_000, new Map());
    expect(alone.kind === 'send' && alone.txs.map((t) => t.seq)).toEqual([0]);
  });

  /** Splitting on failure, as the outbox does: a batch refused as a whole is halved until each bad line is alone. */
  test('bisection isolates a bad line: every other line is sent in a batch, the bad one alone', () => {
    const sent: number[][] = [];
    const refused: number[] = [];
    const bad = new Set([6]);
    const send = (items: number[]): void => {
      if (!items.some((i) => bad.has(i))) return void sent.push(items);
      if (items.length === 1) return void refused.push(items[0]!);
      const [first, rest] = splitBatch(items);
      send(first);
      send(rest);
    };
    send(Array.from({ length: 16 }, (_, n) => n));
    expect(refused).toEqual([6]);
    expect(sent.flat().sort((a, b) => a - b)).toEqual([...Array(16).keys()].filter((n) => n !== 6));
    // log2(16) refusals on the way: the chain transactions for 15 good lines stay few.
    expect(sent.length).toBeLessThanOrEqual(4);
  });
});

describe('combining calls', () => {
  test('forced transfers become one batchForcedTransfer, item by item in order', () => {
    const calls: ChainCall[] = [1, 2].map((n) => ({
      op: 'forced-transfer',
      token: address(100),
      from: address(1),
      to: address(10 + n),
      amount: BigInt(n),
    }));
    expect(BATCHABLE['forced-transfer']!.combine(calls)).toEqual({
      op: 'batch-forced-transfer',
      token: address(100),
      from: [address(1), address(1)],
      to: [address(11), address(12)],
      amounts: [1n, 2n],
    });
    expect(() => BATCHABLE['forced-transfer']!.combine([{ op: 'unpause', token: address(100) }])).toThrow(
      /batch of forced-transfer holds a unpause/,
    );
  });

  test('lock-ups become one batchLockUntil with one entry per holder at the latest time', () => {
    const lock = (holder: number, until: bigint): ChainCall => ({
      op: 'lock-until',
      compliance: address(200),
      module: address(300),
      holder: address(holder),
      until,
    });
    expect(BATCHABLE['lock-up']!.combine([lock(1, 5n), lock(2, 7n), lock(1, 9n), lock(1, 6n)])).toEqual({
      op: 'batch-lock-until',
      compliance: address(200),
      module: address(300),
      holders: [address(1), address(2)],
      until: [9n, 7n],
    });
  });

  test('mints and registrations combine likewise', () => {
    expect(
      BATCHABLE.mint!.combine([
        { op: 'mint', token: address(100), to: address(1), amount: 3n },
        { op: 'mint', token: address(100), to: address(2), amount: 4n },
      ]),
    ).toEqual({ op: 'batch-mint', token: address(100), to: [address(1), address(2)], amounts: [3n, 4n] });
    expect(
      BATCHABLE['register-identity']!.combine([
        { op: 'register-identity', registry: address(9), wallet: address(1), identity: address(11), country: 554 },
        { op: 'register-identity', registry: address(9), wallet: address(2), identity: address(12), country: 554 },
      ]),
    ).toEqual({
      op: 'batch-register-identity',
      registry: address(9),
      wallets: [address(1), address(2)],
      identities: [address(11), address(12)],
      countries: [554, 554],
    });
  });
});

describe('a batch in the fold and on its streams', () => {
  const requested = (state: FlowState, txId: string, intent: ChainIntent) =>
    evolveFlow(state, { type: 'ChainTransactionRequested', data: { txId, chainId: 31337, intent, causeEventId: 'e' } });
  const batchEvent = (txIds: string[], nonce = 4): FlowEvent => ({
    type: 'ChainBatchSubmitted',
    data: { batchId: 'c31337-batch-4', txIds, txHash: hash(1), nonce, from: address(1), to: address(2), raw: '0xabcd' },
  });

  test('its record marks every member on its way with its hash and nonce, before the members’ own claims', () => {
    const state = initialFlowState(31337);
    requested(state, 'c31337-a', transfer(0));
    requested(state, 'c31337-b', transfer(1));
    requested(state, 'c31337-c', transfer(2));
    evolveFlow(state, batchEvent(['c31337-a', 'c31337-b']));
    expect(state.txs.get('c31337-a')).toMatchObject({
      status: 'submitted',
      txHash: hash(1),
      nonce: 4,
      batchId: 'c31337-batch-4',
    });
    expect(state.txs.get('c31337-c')).toMatchObject({ status: 'requested', batchId: null });
    expect(state.nonces.get(address(1))).toBe(4);
    expect(state.batches.get('c31337-batch-4')).toMatchObject({ raw: '0xabcd', txIds: ['c31337-a', 'c31337-b'] });
    // A member's claim: its wallet; the bytes stay the batch's.
    evolveFlow(state, {
      type: 'ChainTransactionSubmitted',
      data: {
        txId: 'c31337-a',
        txHash: hash(1),
        nonce: 4,
        from: address(1),
        to: address(2),
        contractAddress: null,
        wallet: address(7),
        batchId: 'c31337-batch-4',
      },
    });
    expect(state.txs.get('c31337-a')).toMatchObject({ status: 'submitted', wallet: address(7), raw: null });
    // Each member confirmed with the batch's hash; the batch is forgotten once none waits on it.
    const confirm = (txId: string): FlowEvent => ({
      type: 'ChainTransactionConfirmed',
      data: { txId, txHash: hash(1), blockNumber: 9, contractAddress: null, suite: null },
    });
    evolveFlow(state, confirm('c31337-a'));
    expect(state.batches.has('c31337-batch-4')).toBe(true);
    evolveFlow(state, confirm('c31337-b'));
    expect(state.batches.has('c31337-batch-4')).toBe(false);
    expect(state.txs.get('c31337-b')).toMatchObject({ status: 'confirmed', txHash: hash(1), blockNumber: 9 });
  });

  test('a released member is requested again, with at most half its batch beside it', () => {
    const state = initialFlowState(31337);
    requested(state, 'c31337-a', lockUp(0));
    requested(state, 'c31337-b', lockUp(1));
    evolveFlow(state, batchEvent(['c31337-a', 'c31337-b']));
    for (const txId of ['c31337-a', 'c31337-b'])
      evolveFlow(state, {
        type: 'ChainTransactionReleased',
        data: { txId, txHash: hash(1), reason: 'batch reverted in block 3', maxBatch: 1 },
      });
    expect(state.txs.get('c31337-a')).toMatchObject({
      status: 'requested',
      txHash: null,
      nonce: null,
      batchId: null,
      maxBatch: 1,
    });
    expect(state.batches.size).toBe(0);
  });

  test('the deciders: a member is claimed once (again with the same hash: nothing), released only from its batch’s hash', () => {
    const submit = {
      type: 'SubmitChainTransaction' as const,
      txId: 'c31337-a',
      txHash: hash(1),
      nonce: 4,
      from: address(1),
      to: address(2),
      contractAddress: null,
      wallet: address(7),
      batchId: 'c31337-batch-4',
    };
    const requestedState = fold(chainTransaction, [
      {
        type: 'ChainTransactionRequested',
        data: { txId: 'c31337-a', chainId: 31337, intent: transfer(0), causeEventId: 'e' },
      },
    ]);
    const claimed = chainTransaction.decide(submit, requestedState);
    expect(claimed).toHaveLength(1);
    const submittedState = fold(chainTransaction, claimed, requestedState);
    expect(chainTransaction.decide(submit, submittedState)).toEqual([]);
    // Another batch's hash cannot claim it.
    expect(() => chainTransaction.decide({ ...submit, txHash: hash(2) }, submittedState)).toThrow(/is submitted/);
    const release = {
      type: 'ReleaseChainTransaction' as const,
      txId: 'c31337-a',
      txHash: hash(1),
      reason: 'reverted',
      maxBatch: 1,
    };
    expect(() => chainTransaction.decide({ ...release, txHash: hash(2) }, submittedState)).toThrow(/not submitted/);
    const released = chainTransaction.decide(release, submittedState);
    expect(released).toEqual([
      {
        type: 'ChainTransactionReleased',
        data: { txId: 'c31337-a', txHash: hash(1), reason: 'reverted', maxBatch: 1 },
      },
    ]);
    const again = fold(chainTransaction, released, submittedState);
    expect(again.status).toBe('requested');
    expect(chainTransaction.decide(release, again)).toEqual([]);
    // The batch's record: once; the same again is nothing, another hash under its id is refused.
    const record = {
      type: 'SubmitChainBatch' as const,
      batchId: 'c31337-batch-4',
      txIds: ['c31337-a', 'c31337-b'],
      txHash: hash(1),
      nonce: 4,
      from: address(1),
      to: address(2),
      raw: '0xabcd',
    };
    const recorded = chainBatch.decide(record, chainBatch.initialState);
    expect(recorded).toHaveLength(1);
    const batchState = fold(chainBatch, recorded);
    expect(chainBatch.decide(record, batchState)).toEqual([]);
    expect(() => chainBatch.decide({ ...record, txHash: hash(3) }, batchState)).toThrow(/recorded as/);
  });
});
