import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { TokenTerms } from '../assets/events.js';
import type { EventMetadata } from '../../platform/event-store/event-store.js';
import { MemoryReadStore } from '../../platform/read-store/memory-read-store.js';
import type { ChainIntent } from './events.js';
import {
  FLOW_SNAPSHOTS,
  FlowCheckpoints,
  foldFlow,
  initialFold,
  restoreFold,
  snapshotJson,
  snapshotOf,
  type FlowFold,
  type FlowSnapshot,
} from './flow-checkpoint.js';
import { FLOW_VERSION, type FlowEvent } from './flow.js';

/**
 * The fold's checkpoint: folding a log 1..N from zero equals loading a snapshot taken at K (after a JSON round trip,
 * as the read store keeps it) and folding K+1..N — for every K, over random but realistic histories in which the
 * outbox records intents, submits and settles transactions some events after their causes (so that intents wait in
 * `wanted` across the cut).
 */
const CHAIN_ID = 31337;
const terms = (n: number): TokenTerms => ({
  symbol: `T${n}`,
  name: `Asset ${n}`,
  totalSupply: 1000,
  decimals: 0,
  price: 10,
  minInvestment: 10,
  maxInvestment: 10_000,
  network: 'polygon',
  lockUpMonths: 12,
  feePercent: 3,
});
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

type Step =
  | { kind: 'approve'; owner: number }
  | { kind: 'verify'; person: number }
  | { kind: 'lapse'; person: number }
  | { kind: 'custody'; person: number }
  | { kind: 'own-wallet'; person: number }
  | { kind: 'invest'; asset: number; investor: number; confirm: boolean; cancel: boolean }
  | { kind: 'supply'; asset: number; delta: number }
  | { kind: 'record'; count: number }
  | { kind: 'submit'; pick: number }
  | { kind: 'batch'; pick: number; size: number; claimed: number }
  | { kind: 'settle'; pick: number; fail: boolean };

const PERSONS = 5;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('approve' as const), owner: fc.nat(PERSONS - 1) }),
  fc.record({ kind: fc.constant('verify' as const), person: fc.nat(PERSONS - 1) }),
  fc.record({ kind: fc.constant('lapse' as const), person: fc.nat(PERSONS - 1) }),
  fc.record({ kind: fc.constant('custody' as const), person: fc.nat(PERSONS - 1) }),
  fc.record({ kind: fc.constant('own-wallet' as const), person: fc.nat(PERSONS - 1) }),
  fc.record({
    kind: fc.constant('invest' as const),
    asset: fc.nat(3),
    investor: fc.nat(PERSONS - 1),
    confirm: fc.boolean(),
    cancel: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('supply' as const), asset: fc.nat(3), delta: fc.integer({ min: -50, max: 50 }) }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('record' as const), count: fc.integer({ min: 1, max: 8 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('submit' as const), pick: fc.nat(20) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      pick: fc.nat(20),
      size: fc.integer({ min: 2, max: 5 }),
      claimed: fc.nat(5),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(20), fail: fc.boolean() }) },
);

const metadataOf = (eventId: string, occurredAt: string): EventMetadata => ({
  eventId,
  occurredAt,
  schemaVersion: 1,
  actor: { kind: 'system', name: 'test' },
  correlationId: eventId,
  causationId: null,
});

type Logged = FlowEvent & { position: number; metadata: EventMetadata };

/**
 * Plays the steps as the platform would: register events, and the outbox's own events decided from what its fold
 * knows at that point. Positions have gaps (other streams' events in between).
 */
function history(steps: readonly Step[]): Logged[] {
  const fold = initialFold(CHAIN_ID);
  const log: Logged[] = [];
  let position = 0;
  let counter = 0;
  const assets: { assetId: string; ownerId: string }[] = [];
  const append = (event: FlowEvent) => {
    position += 1 + (counter % 3);
    counter++;
    const logged = {
      ...event,
      position,
      metadata: metadataOf(`e${counter}`, new Date(Date.UTC(2026, 0, 1, 0, 0, counter)).toISOString()),
    } as Logged;
    foldFlow(fold, logged);
    log.push(logged);
  };
  const person = (n: number) => `p${n}`;
  for (const s of steps) {
    switch (s.kind) {
      case 'approve': {
        const assetId = `a${assets.length}`;
        assets.push({ assetId, ownerId: person(s.owner) });
        append({
          type: 'TokenizationApproved',
          data: { assetId, ownerId: person(s.owner), approvedBy: 'admin', terms: terms(assets.length), value: 1e6 },
        });
        break;
      }
      case 'verify':
        append({
          type: 'VerificationApproved',
          data: {
            verificationId: `v${counter}`,
            userId: person(s.person),
            approvedBy: 'admin',
            verifiedAt: 'x',
            validUntil: 'y',
          },
        } as FlowEvent);
        break;
      case 'lapse': {
        const verificationId = fold.state.persons.get(person(s.person))?.verificationId;
        if (verificationId)
          append({
            type: 'VerificationExpired',
            data: {
              verificationId,
              userId: person(s.person),
              expiredAt: 'z',
              expiredBy: { kind: 'system', name: 'sweep' },
            },
          } as FlowEvent);
        break;
      }
      case 'custody':
        if (!fold.state.wallets.has(person(s.person)))
          append({
            type: 'CustodyWalletAssigned',
            data: { personId: person(s.person), index: s.person, address: address(1000 + s.person) },
          });
        break;
      case 'own-wallet': {
        const previous = fold.state.wallets.get(person(s.person)) ?? null;
        append({
          type: 'OwnWalletRegistered',
          data: {
            personId: person(s.person),
            address: address(5000 + counter),
            previousAddress: previous,
            registeredBy: person(s.person),
            nonce: `nonce${counter}xxxxxxxxxxxx`,
          },
        });
        break;
      }
      case 'invest': {
        const asset = assets[s.asset % Math.max(assets.length, 1)];
        if (!asset) break;
        const investment = {
          offeringId: `o-${asset.assetId}`,
          assetId: asset.assetId,
          ownerId: asset.ownerId,
          investmentId: `i${counter}`,
          investorId: person(s.investor),
          tokens: 10,
          amount: '100.00',
        };
        append({
          type: 'InvestmentRequested',
          data: { ...investment, tokenPrice: '10.00', transferableFrom: '2027-01-01T00:00:00.000Z' },
        } as FlowEvent);
        if (s.confirm)
          append({ type: 'InvestmentConfirmed', data: { ...investment, confirmedBy: 'rule' } } as FlowEvent);
        if (s.cancel)
          append({
            type: 'InvestmentCancelled',
            data: { ...investment, cancelledBy: 'admin', reason: 'Funds returned' },
          } as FlowEvent);
        break;
      }
      case 'supply': {
        const asset = assets[s.asset % Math.max(assets.length, 1)];
        const current = asset && fold.state.assets.get(asset.assetId);
        if (!asset || !current || s.delta === 0) break;
        append({
          type: 'SupplyChangeApproved',
          data: {
            assetId: asset.assetId,
            ownerId: asset.ownerId,
            changeId: `s${counter}`,
            delta: s.delta,
            supply: current.totalSupply + s.delta,
            approvedBy: 'admin',
          },
        });
        break;
      }
      case 'record':
        // The outbox records the first wanted intents (in the order their causes were folded).
        for (const [txId, { intent, causeEventId }] of [...fold.wanted].slice(0, s.count))
          append({
            type: 'ChainTransactionRequested',
            data: { txId, chainId: CHAIN_ID, intent: JSON.parse(JSON.stringify(intent)) as ChainIntent, causeEventId },
          });
        break;
      case 'submit': {
        const requested = [...fold.state.txs.values()].filter((tx) => tx.status === 'requested');
        const tx = requested[s.pick % Math.max(requested.length, 1)];
        if (!tx) break;
        const nonce = (fold.state.nonces.get(address(1)) ?? -1) + 1;
        const deploys = tx.intent.kind === 'platform-step' || tx.intent.kind.startsWith('deploy-');
        const personId = 'personId' in tx.intent ? tx.intent.personId : null;
        append({
          type: 'ChainTransactionSubmitted',
          data: {
            txId: tx.txId,
            txHash: hash(counter),
            nonce,
            from: address(1),
            to: deploys ? null : address(2),
            contractAddress: deploys ? address(9000 + counter) : null,
            wallet: personId ? (fold.state.wallets.get(personId) ?? null) : null,
            raw: `0x${'ab'.repeat(40)}`,
          },
        });
        break;
      }
      case 'batch': {
        // Several requested ones as one chain transaction: the batch's record, then some of its members' own claims
        // (the rest as after a crash between the two).
        const requested = [...fold.state.txs.values()].filter((tx) => tx.status === 'requested');
        const start = s.pick % Math.max(requested.length, 1);
        const members = requested.slice(start, start + s.size);
        if (members.length < 2) break;
        const nonce = (fold.state.nonces.get(address(1)) ?? -1) + 1;
        const txHash = hash(counter);
        const batchId = `c${CHAIN_ID}-batch-${nonce}`;
        append({
          type: 'ChainBatchSubmitted',
          data: {
            batchId,
            txIds: members.map((tx) => tx.txId),
            txHash,
            nonce,
            from: address(1),
            to: address(2),
            raw: `0x${'cd'.repeat(40)}`,
          },
        });
        for (const tx of members.slice(0, s.claimed)) {
          const personId = 'personId' in tx.intent ? tx.intent.personId : null;
          append({
            type: 'ChainTransactionSubmitted',
            data: {
              txId: tx.txId,
              txHash,
              nonce,
              from: address(1),
              to: address(2),
              contractAddress: null,
              wallet: personId ? (fold.state.wallets.get(personId) ?? null) : null,
              batchId,
            },
          });
        }
        break;
      }
      case 'settle': {
        const submitted = [...fold.state.txs.values()].filter((tx) => tx.status === 'submitted');
        const tx = submitted[s.pick % Math.max(submitted.length, 1)];
        if (!tx) break;
        if (s.fail && tx.batchId)
          append({
            type: 'ChainTransactionReleased',
            data: { txId: tx.txId, txHash: tx.txHash!, reason: 'batch reverted', maxBatch: 1 },
          });
        else if (s.fail)
          append({ type: 'ChainTransactionFailed', data: { txId: tx.txId, txHash: tx.txHash, reason: 'reverted' } });
        else
          append({
            type: 'ChainTransactionConfirmed',
            data: {
              txId: tx.txId,
              txHash: tx.txHash!,
              blockNumber: counter,
              contractAddress: tx.contractAddress,
              suite:
                tx.intent.kind === 'deploy-suite'
                  ? {
                      token: address(20_000 + counter),
                      identityRegistry: address(30_000 + counter),
                      compliance: address(40_000 + counter),
                    }
                  : null,
            },
          });
        break;
      }
    }
  }
  return log;
}

const foldAll = (fold: FlowFold, events: readonly Logged[]) => {
  for (const event of events) foldFlow(fold, event);
  return fold;
};

/** The snapshot as the read store gives it back: JSON text, parsed. */
const roundTrip = (snapshot: FlowSnapshot): FlowSnapshot => JSON.parse(JSON.stringify(snapshot)) as FlowSnapshot;

test('folding 1..N from zero equals a snapshot at K (after a JSON round trip) and folding K+1..N, for every K', () => {
  let withWanted = 0;
  const statuses = new Map<string, number>();
  fc.assert(
    fc.property(fc.array(step, { minLength: 20, maxLength: 120 }), (steps) => {
      const log = history(steps);
      const whole = foldAll(initialFold(CHAIN_ID), log);
      const expected = snapshotOf(whole);
      for (const tx of whole.state.txs.values()) statuses.set(tx.status, (statuses.get(tx.status) ?? 0) + 1);
      // Folding 1..K from zero, carried along one event at a time (the snapshot below copies it as JSON).
      const upToK = initialFold(CHAIN_ID);
      for (let k = 0; k <= log.length; k++) {
        if (k > 0) foldFlow(upToK, log[k - 1]!);
        if (upToK.wanted.size > 0) withWanted++;
        const snapshot = roundTrip(snapshotOf(upToK));
        expect(snapshot.position).toBe(k === 0 ? 0 : log[k - 1]!.position);
        const resumed = restoreFold(snapshot, CHAIN_ID)!;
        // The subscription resumes after the snapshot's position (exclusive): exactly the events K+1..N.
        foldAll(
          resumed,
          log.filter((e) => e.position > snapshot.position),
        );
        expect(resumed.state).toEqual(whole.state);
        expect(resumed.wanted).toEqual(whole.wanted);
        expect(snapshotOf(resumed)).toEqual(expected);
      }
    }),
    { numRuns: 40, seed: 20261127 },
  );
  // The cut fell between an intent's cause and its request often: `wanted` had to come through the snapshot.
  expect(withWanted).toBeGreaterThan(100);
  // …and the histories went the whole way: transactions requested, on their way, confirmed and failed.
  const counts = Object.fromEntries(
    ['requested', 'submitted', 'confirmed', 'failed'].map((k) => [k, statuses.get(k) ?? 0]),
  );
  expect(Object.values(counts).every((count) => count > 0)).toBe(true);
  console.log(`flow checkpoint property: transactions at the end of the histories by status ${JSON.stringify(counts)}`);
});

test('without `wanted` in the snapshot, an intent caused before the cut and recorded after it would be lost', () => {
  const approved = {
    type: 'TokenizationApproved',
    data: { assetId: 'a1', ownerId: 'owner', approvedBy: 'admin', terms: terms(1), value: 1e6 },
    position: 1,
    metadata: metadataOf('e1', '2026-01-01T00:00:00.000Z'),
  } as Logged;
  const fold = foldAll(initialFold(CHAIN_ID), [approved]);
  expect(fold.wanted.size).toBeGreaterThan(0);
  const snapshot = roundTrip(snapshotOf(fold));
  expect(restoreFold(snapshot, CHAIN_ID)!.wanted).toEqual(fold.wanted);
  // The state alone names no transaction yet: the intents are known only from folding their cause.
  expect(restoreFold(snapshot, CHAIN_ID)!.state.txs.size).toBe(0);
});

test('a snapshot of another version or another chain is not used', () => {
  const snapshot = snapshotOf(initialFold(CHAIN_ID));
  expect(restoreFold(snapshot, CHAIN_ID)).not.toBeNull();
  expect(restoreFold({ ...snapshot, version: FLOW_VERSION + 1 }, CHAIN_ID)).toBeNull();
  expect(restoreFold(snapshot, 1)).toBeNull();
});

describe('FlowCheckpoints in the read store', () => {
  const log = history(fc.sample(fc.array(step, { minLength: 150, maxLength: 150 }), { numRuns: 1, seed: 7 })[0]!);
  const fold = foldAll(initialFold(CHAIN_ID), log);

  it('saves in parts and loads the same fold; a smaller snapshot drops the parts it no longer needs', async () => {
    const reads = new MemoryReadStore();
    const checkpoints = new FlowCheckpoints(reads, 500);
    const head = await checkpoints.save(snapshotJson(fold));
    expect(head).toMatchObject({ _id: `c${CHAIN_ID}`, version: FLOW_VERSION, position: fold.state.position });
    expect(head.chunks).toBeGreaterThan(3);
    const loaded = await new FlowCheckpoints(reads, 500).load(CHAIN_ID);
    expect(loaded.fold?.state).toEqual(fold.state);
    expect(loaded.fold?.wanted).toEqual(fold.wanted);

    await checkpoints.save(snapshotJson(initialFold(CHAIN_ID)));
    expect(await reads.collection(FLOW_SNAPSHOTS).count()).toBe(2);
  });

  it('ignores a snapshot of another version, or one whose parts do not add up (a torn write)', async () => {
    const reads = new MemoryReadStore();
    const checkpoints = new FlowCheckpoints(reads, 500);
    await checkpoints.save(snapshotJson(fold));
    await reads.collection(FLOW_SNAPSHOTS).upsert({ _id: `c${CHAIN_ID}-1`, data: 'torn' } as never);
    expect(await checkpoints.load(CHAIN_ID)).toMatchObject({ fold: null, reason: 'unreadable' });

    await checkpoints.save(snapshotJson(fold, FLOW_VERSION + 1));
    expect(await checkpoints.load(CHAIN_ID)).toMatchObject({ fold: null, reason: 'version' });
    await checkpoints.drop();
    expect(await checkpoints.load(CHAIN_ID)).toMatchObject({ fold: null, reason: 'none' });
  });
});

/** JSON with object keys sorted: the same fold hashes the same whatever order its fields were set in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * What folding means, pinned: the fold of one fixed history, by FLOW_VERSION. A change to `evolveFlow` or
 * `chainIntents` that changes it must bump FLOW_VERSION (flow.ts) — snapshots written under the old meaning are then
 * ignored and the log folded again — and add the new hash here.
 */
const FOLD_HASHES: Record<number, string> = {
  1: 'bee0e0426727bf243ec4fea5cb0e590584a37705fcc0526117ad1adca7939856',
  // 2: a distribution's payment run calls for the stablecoin (deploy, mint, one transfer per wallet line).
  2: '2af8b7d245d1eb28a3bdb0f848a6c41804041a49d8926615638c2897588b5712',
  // 3: a revoked certificate removes the identity as a lapse does (folded now: a version-2 snapshot skipped them).
  3: '99b489d032808ab6b00099b8c2c915ab236c7686d7616c64e851cc8cc469b3dd',
  // 4: batches (issue 33): `batches`, each transaction's `batchId` and `maxBatch`; a batch's record marks its members.
  4: '6eb340cf68e7c5a7e5a745d3e722c4e8b3ee990ba1b41483689cd94efcd125da',
  // 5: a transfer between investors calls for its DvP settlement (DvP manager, coin, allowances, offer, take); an
  // approved freeze calls for its freeze or unfreeze.
  5: 'dc1d407c3de2b467f9e8976b482b355ff0a71c66e7936e70f87de611474bcdd9',
  // 6: an approved wallet recovery moves the person's wallet and calls for the key, recover, transfers and freezes.
  6: '30fd22f3d6c61ae97a159a0a0fcfbdeef7397010bc8378c16e24b2aa025a2756',
  // 7: a wallet left behind (recovered or switched) stays its person's in `formerWalletOwners`, for a record date's
  // balances at a past block.
  7: 'ad0a5bbc933fff63b47cc43ee76e987467fce224b015617673c5c4f47c06225b',
  // 8: an abandoned transfer (`abandoned`) calls for its offer cancelled and its allowances revoked; its DvP steps
  // still requested are never sent.
  8: 'c1401341f19a59ca3da099c0a23cc417cf94dfd7d9f3520c8556e20cdd380619',
  // 9: each settlement's buyer (`settlementBuyers`); a buyer's certificate revoked or lapsed stops their takes not yet
  // sent (`stopped`), never to be sent.
  9: 'f4c01121243a7f76200c2b0fdb9bb416c59fda5cfe9f90fc59e6c6af54f90973',
  // 10: why a person's certificate ended (`certificateEnded`): a settlement requested after it stops its take too.
  10: '20da113b59ca944fa651871600901fac889655904b0bfb77aa08712caf391739',
};

test('the fold of a fixed history is the one FLOW_VERSION names (bump it when folding changes meaning)', () => {
  // Steps from a fixed PRNG of its own (mulberry32), not fast-check's: the history must not move with a library.
  let seed = 29;
  const next = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % n) as number;
  };
  const kinds = ['approve', 'verify', 'lapse', 'custody', 'own-wallet', 'invest', 'supply'] as const;
  const steps: Step[] = Array.from({ length: 400 }, (): Step => {
    const roll = next(16);
    if (roll >= 13) return { kind: 'record', count: 1 + next(8) };
    if (roll >= 10)
      return next(3) === 0
        ? { kind: 'batch', pick: next(21), size: 2 + next(4), claimed: next(6) }
        : { kind: 'submit', pick: next(21) };
    if (roll >= 7) return { kind: 'settle', pick: next(21), fail: next(4) === 0 };
    const kind = kinds[roll]!;
    const person = next(PERSONS);
    if (kind === 'approve') return { kind, owner: person };
    if (kind === 'invest')
      return { kind, asset: next(4), investor: person, confirm: next(3) > 0, cancel: next(5) === 0 };
    if (kind === 'supply') return { kind, asset: next(4), delta: next(101) - 50 };
    return { kind, person };
  });
  const fold = foldAll(initialFold(CHAIN_ID), history(steps));
  expect(fold.state.txs.size).toBeGreaterThan(50);
  const hash = createHash('sha256')
    .update(canonical(snapshotOf(fold)))
    .digest('hex');
  expect({ version: FLOW_VERSION, hash }).toEqual({ version: FLOW_VERSION, hash: FOLD_HASHES[FLOW_VERSION] });
});
