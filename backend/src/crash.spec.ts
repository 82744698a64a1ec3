/**
 * Crash test: the built app on one PGlite data folder is killed with SIGKILL at a random moment — during live
 * traffic, and on every other round in the middle of a rebuild of every read model as well. `npm test` runs
 * 3 rounds; `npm run soak` runs 20 (CRASH_ROUNDS sets any other number). Before each
 * restart this test process replays the whole log afresh on its own engine; after the restart every read model
 * the app serves must hash the same as that fresh replay, every hash chain must hold, and every write the app
 * acknowledged before it died must be in the log. The embedded app persists its read models beside the events
 * and only catches up from each checkpoint at boot, so the comparison guards checkpoints and half-swapped
 * rebuilds too; and before each restart, every persisted read model, as the killed app left it, must equal a
 * replay of the log up to its own persisted checkpoint (documents never ahead of it nor behind it).
 *
 * The rounds use a seeded generator: a failing run prints its seed, and CRASH_SEED=<seed> repeats it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contractEvent } from './platform/event-store/event-store.contract.js';
import { logPages } from './platform/event-store/log-pages.js';
import { PgliteEventStore } from './platform/event-store/pglite-event-store.js';
import { readRuntimeFile } from './platform/operations/runtime-file.js';
import { PersonalDataProtection } from './platform/privacy/personal-data.js';
import type { EventStore, RecordedEvent } from './platform/event-store/event-store.js';
import { project, type Projected } from './platform/projection-engine/projection.js';
import { CHECKPOINTS, ProjectionEngine } from './platform/projection-engine/projection-engine.js';
import { MemoryReadStore } from './platform/read-store/memory-read-store.js';
import type { Doc } from './platform/read-store/read-store.js';
import { SqlReadStore } from './platform/read-store/sql-read-store.js';
import { SqlVault } from './platform/vault/sql-vault.js';
import { allProjections } from './projections/index.js';
import { bootBuilt, requireBuilt } from './testing/built-app.js';
import { freshPgliteDir } from './testing/pglite.js';
import { interestForm } from './testing/fixtures.js';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const SEED = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);

/** mulberry32: small, seeded, good enough to pick kill moments. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Replay {
  readModels: Record<string, string>;
  /** The position each replayed read model reached: the head of the log before the app boots. */
  checkpoints: Record<string, number>;
  /** Persisted read models that differ from a replay of the log up to their persisted checkpoint. */
  aheadOrBehind: { name: string; checkpoint: number }[];
  firstBroken: unknown;
  registrationIds: Set<string>;
  userIds: Set<string>;
}

/** Everything the log says, replayed from position 0 in this process, as `npm run projections` would. */
async function freshReplay(dataDir: string): Promise<Replay> {
  const stored = await PgliteEventStore.open({ dataDir: join(dataDir, 'events') });
  try {
    const events = new PersonalDataProtection(stored, await SqlVault.open(stored.database, 'pglite'));
    const engine = new ProjectionEngine(events, new MemoryReadStore(), allProjections);
    await engine.start();
    await engine.caughtUp();
    const { readModels, checkpoints } = await engine.checksums();
    await engine.stop();
    const aheadOrBehind = await persistedAgainstLog(stored, events);
    const registrationIds = new Set<string>();
    const userIds = new Set<string>();
    for await (const page of logPages(stored, { eventTypes: ['InterestRegistered', 'UserRegistered'] }))
      for (const e of page) {
        const data = e.data as { registrationId?: string; userId?: string };
        if (e.type === 'InterestRegistered') registrationIds.add(data.registrationId!);
        else userIds.add(data.userId!);
      }
    const { firstBroken } = await stored.verifyIntegrity();
    return { readModels, checkpoints, aheadOrBehind, firstBroken, registrationIds, userIds };
  } finally {
    await stored.close();
  }
}

/** Each persisted read model (as loaded at boot) against `project()` of the log up to its persisted checkpoint. */
async function persistedAgainstLog(stored: PgliteEventStore, events: EventStore): Promise<Replay['aheadOrBehind']> {
  const persisted = await SqlReadStore.open(stored.database, { kind: 'pglite' });
  const log: RecordedEvent[] = [];
  for await (const page of logPages(events, {}, 0, 5000)) log.push(...page);
  const differing: Replay['aheadOrBehind'] = [];
  for (const projection of allProjections) {
    const saved = await persisted.collection<Doc & { position: number }>(CHECKPOINTS).get(projection.name);
    if (!saved) continue;
    const docs = await persisted.collection<Projected<Doc>>(projection.name).find({}, { sort: { _id: 1 } });
    const expected = project(
      projection,
      log.filter((e) => e.position <= saved.position),
    );
    const plain = (doc: Doc | undefined): unknown => doc && JSON.parse(JSON.stringify(doc));
    const matches = ({ _position: _, ...doc }: Projected<Doc>) =>
      isDeepStrictEqual(plain(doc), plain(expected.get(doc._id)));
    const same = docs.length === expected.size && docs.every(matches);
    if (!same) differing.push({ name: projection.name, checkpoint: saved.position });
  }
  await persisted.close();
  return differing;
}

describe(`crash test: SIGKILL ${ROUNDS} times during traffic and rebuilds (seed ${SEED})`, () => {
  let dataDir: string;
  beforeAll(async () => {
    requireBuilt();
    dataDir = await mkdtemp(join(tmpdir(), 'kauri-crash-'));
    // A history long enough (6,000 events) that rebuilding the asset read models takes a moment a kill can land
    // in (the kill comes at most 20 ms after the first rebuild starts), and no longer: each round replays it all.
    const stored = await PgliteEventStore.open({ dataDir: await freshPgliteDir(join(dataDir, 'events')) });
    for (let n = 0; n < 120; n++) {
      const assetId = `seed-${n}`;
      const data = {
        assetId,
        ownerId: `owner-${n % 7}`,
        name: `Seeded asset ${n}`,
        description: 'Seeded for the crash test',
        assetType: 'property',
        address: null,
        totalValue: 1_000_000,
        tokenCount: 1000,
      };
      const valued = Array.from({ length: 49 }, (_, v) =>
        contractEvent('AssetValued', {
          assetId,
          ownerId: data.ownerId,
          value: 1_000_000 + v * 1000,
          method: 'owner-estimate',
        }),
      );
      await stored.append(`asset-${assetId}`, [contractEvent('AssetDrafted', data), ...valued], 'no_stream');
    }
    await stored.close();
  }, 120_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('after every restart, each read model equals a fresh replay, the chains hold, and no acknowledged write is lost', async () => {
    const next = random(SEED);
    const acknowledged = { registrations: [] as string[], users: [] as string[] };
    let killedDuringRebuild = 0;

    for (let round = 0; round <= ROUNDS; round++) {
      const replay = await freshReplay(dataDir);
      expect({ round, firstBroken: replay.firstBroken }).toEqual({ round, firstBroken: null });
      expect({ round, aheadOrBehind: replay.aheadOrBehind }).toEqual({ round, aheadOrBehind: [] });
      expect(acknowledged.registrations.filter((id) => !replay.registrationIds.has(id))).toEqual([]);
      expect(acknowledged.users.filter((id) => !replay.userIds.has(id))).toEqual([]);

      const limits = { AUTH_RATE_LIMIT_PER_IP: '1000000', REGISTER_INTEREST_RATE_LIMIT_PER_IP: '1000000' };
      const app = await bootBuilt(dataDir, { ...limits, LOG_LEVEL: 'info' });
      const ops = readRuntimeFile(dataDir)!;
      const opsCall = (method: string, path: string) =>
        fetch(`${app.url}/api/operations${path}`, { method, headers: { authorization: `Ops ${ops.opsToken}` } });
      const served = (await (await opsCall('GET', '/projections/checksums')).json()) as {
        checkpoints: Record<string, number>;
        readModels: Record<string, string>;
      };
      // The app may record events as soon as it is up (the mail outbox settling a send a kill interrupted): a
      // read model that has moved past the log the replay saw is compared by the next round's replay instead.
      const behind = Object.keys(replay.checkpoints).filter((n) => served.checkpoints[n]! < replay.checkpoints[n]!);
      expect({ round, behind }).toEqual({ round, behind: [] });
      const atReplay = (models: Record<string, string>) =>
        Object.fromEntries(Object.entries(models).filter(([n]) => served.checkpoints[n] === replay.checkpoints[n]));
      expect({ round, readModels: atReplay(served.readModels) }).toEqual({
        round,
        readModels: atReplay(replay.readModels),
      });
      if (round === ROUNDS) {
        app.child.kill('SIGKILL');
        break;
      }

      // Live traffic from four clients until the app dies: registrations of interest and new accounts.
      let alive = true;
      const exited = new Promise<void>((resolve) => app.child.once('exit', () => resolve()));
      // Each round kills only after the app has acknowledged a write in it, however busy the machine is.
      let acknowledge = () => {};
      const firstAcknowledged = new Promise<void>((resolve) => (acknowledge = resolve));
      const client = async (n: number) => {
        for (let i = 0; alive; i++) {
          const key = `${round}-${n}-${i}`;
          try {
            if (i % 2 === 0) {
              const res = await fetch(`${app.url}/api/register-interest`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(interestForm({ email: `crash-${key}@example.nz` })),
              });
              if (res.ok) {
                acknowledged.registrations.push(((await res.json()) as { registrationId: string }).registrationId);
                acknowledge();
              }
            } else {
              const res = await fetch(`${app.url}/api/register`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({
                  email: `crash-${key}@example.nz`,
                  password: 'a long enough password',
                  firstName: 'Crash',
                }),
              });
              if (res.ok) {
                acknowledged.users.push(((await res.json()) as { id: string }).id);
                acknowledge();
              }
            }
          } catch {
            return; // the app is gone
          }
        }
      };
      const clients = [0, 1, 2, 3].map(client);
      await firstAcknowledged;
      await new Promise((r) => setTimeout(r, 50 + next() * 300));
      const rebuilding = round % 2 === 1;
      let log = '';
      if (rebuilding) {
        // Every read model starts rebuilding at once; the kill lands a random moment after the app logs the
        // first rebuild start, so every rebuild round cuts at least one rebuild off (the log says which).
        const started = new Promise<void>((resolve) => {
          app.child.stdout!.on('data', (chunk: Buffer) => {
            log += chunk.toString();
            if (log.includes('"msg":"rebuild started"')) resolve();
          });
        });
        for (const p of allProjections) void opsCall('POST', `/projections/${p.name}/rebuild`).catch(() => null);
        await started;
        await new Promise((r) => setTimeout(r, next() * 20));
      } else {
        await new Promise((r) => setTimeout(r, next() * 900));
      }
      app.child.kill('SIGKILL');
      await exited;
      alive = false;
      await Promise.all(clients);
      if (rebuilding) {
        const said = (msg: string) =>
          new Set([...log.matchAll(new RegExp(`"projection":"([\\w-]+)","msg":"${msg}"`, 'g'))].map((m) => m[1]));
        const swapped = said('rebuild swapped in');
        if ([...said('rebuild started')].some((name) => !swapped.has(name))) killedDuringRebuild++;
      }
    }
    console.log(
      `crash test (seed ${SEED}): ${ROUNDS} kills, ${killedDuringRebuild} during a rebuild; ${acknowledged.registrations.length} registrations and ${acknowledged.users.length} accounts acknowledged, none lost`,
    );
    expect(acknowledged.registrations.length + acknowledged.users.length).toBeGreaterThanOrEqual(ROUNDS);
    expect(killedDuringRebuild).toBeGreaterThan(0);
  }, 600_000);
});
