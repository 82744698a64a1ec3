import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type RunningApp } from '../app.js';
import { FLOW_EVENT_TYPES, foldFlow, initialFold } from '../domains/tokens/flow-checkpoint.js';
import type { FlowEvent } from '../domains/tokens/flow.js';
import { ANVIL_CHAIN_ID } from '../platform/chain/anvil.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { PgliteEventStore } from '../platform/event-store/pglite-event-store.js';
import { PersonalDataProtection } from '../platform/privacy/personal-data.js';
import { ProjectionEngine } from '../platform/projection-engine/projection-engine.js';
import { MemoryReadStore } from '../platform/read-store/memory-read-store.js';
import { SqlVault } from '../platform/vault/sql-vault.js';
import { allProjections } from '../projections/index.js';
import type { RegistrationDoc } from '../projections/early-access-registrations.js';
import { requireBuilt, runTool } from '../testing/built-app.js';
import { freshPgliteDir } from '../testing/pglite.js';
import { BENCH_CHAIN } from './boot.bench.js';
import { seedEmbedded } from './seed.js';

/**
 * The embedded default on a small history (the bench's 1,000,000 events are for `npm run bench`): read models
 * persisted beside the events equal a fresh replay, survive a restart as they were, and a rebuild — in the app
 * or with `npm run projections -- rebuild` — gives the same checksums as the persisted copy it replaces.
 */
/**
 * Enough for every kind of story in history.ts (offerings with investments from the fourth cycle on). The history's
 * own events are exactly one catch-up page (1,000); the chain facts seeded with them (chain-facts.ts) follow them
 * in the log: the read models must say 'live' once `createApp` has resolved, though the subscription reads once
 * more after a full page before it reports being caught up (ProjectionEngine's markLiveAtHead).
 */
const EVENTS = 1000;
/** Several boots on a busy 2-core machine. */
const SLOW = 300_000;

describe('persisted read models on the embedded store (small history)', () => {
  let dataDir: string;
  let running: RunningApp | undefined;
  let chainEvents: number | undefined;
  const boot = async (): Promise<RunningApp> => {
    const env = { ...BENCH_CHAIN, EVENT_STORE: 'pglite', READ_STORE: 'pglite', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    running = await createApp({ env });
    return running;
  };
  const stop = async (): Promise<void> => {
    await running?.close();
    running = undefined;
  };

  /** The log replayed from zero into memory, as READ_STORE=memory would at boot. */
  async function freshReplay(): Promise<Record<string, string>> {
    const stored = await PgliteEventStore.open({ dataDir: join(dataDir, 'events') });
    try {
      const events = new PersonalDataProtection(stored, await SqlVault.open(stored.database, 'pglite'));
      const engine = new ProjectionEngine(events, new MemoryReadStore(), allProjections);
      await engine.start();
      expect(await engine.caughtUp()).toBe(true);
      const { readModels } = await engine.checksums();
      await engine.stop();
      return readModels;
    } finally {
      await stored.close();
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kauri-boot-'));
    await freshPgliteDir(join(dataDir, 'events'));
    ({ chainEvents } = await seedEmbedded(dataDir, EVENTS));
  }, SLOW);
  // A failed test's app is stopped too: left running, it holds DATA_DIR's lock and every later boot fails.
  afterEach(stop, SLOW);
  afterAll(async () => {
    await stop();
    await rm(dataDir, { recursive: true, force: true });
  }, SLOW);

  it(
    'the bulk-seeded history is what appends would have stored: chains verify, personal data opens',
    async () => {
      const stored = await PgliteEventStore.open({ dataDir: join(dataDir, 'events') });
      try {
        const logged = EVENTS + chainEvents!;
        expect(await stored.headPosition()).toBe(logged);
        expect(await stored.verifyIntegrity()).toMatchObject({ checkedEvents: logged, firstBroken: null });
        const [sealed] = await stored.readAll({ eventTypes: ['InterestRegistered'], maxCount: 1 });
        expect(sealed!.data).toMatchObject({ personal: { $sealed: 'aes-256-gcm' } });
        const events = new PersonalDataProtection(stored, await SqlVault.open(stored.database, 'pglite'));
        const [opened] = await events.readAll({ eventTypes: ['InterestRegistered'], maxCount: 1 });
        expect(opened!.data).toMatchObject({ personal: { email: 'interest1@example.nz' } });
      } finally {
        await stored.close();
      }
    },
    SLOW,
  );

  it(
    'the seeded history owes the chain nothing: its chain work is recorded as done, every transaction confirmed',
    async () => {
      const stored = await PgliteEventStore.open({ dataDir: join(dataDir, 'events') });
      try {
        const fold = initialFold(ANVIL_CHAIN_ID);
        for (const event of await stored.readAll({ eventTypes: FLOW_EVENT_TYPES }))
          foldFlow(fold, event as RecordedEvent & FlowEvent);
        expect(chainEvents).toBeGreaterThan(0);
        expect(fold.wanted.size).toBe(0);
        const txs = [...fold.state.txs.values()];
        // Tokens deployed and issued: the platform, suites, mints (the history's investments move them on).
        expect(txs.filter((tx) => tx.intent.kind === 'deploy-suite').length).toBeGreaterThan(0);
        expect(txs.filter((tx) => tx.intent.kind === 'mint').length).toBeGreaterThan(0);
        expect(txs.filter((tx) => tx.status !== 'confirmed')).toEqual([]);
      } finally {
        await stored.close();
      }
    },
    SLOW,
  );

  it(
    'persists the read models: a restart serves the same checksums as a fresh replay',
    async () => {
      const replay = await freshReplay();
      const first = await boot();
      const built = await first.engine.checksums();
      expect(built.readModels).toEqual(replay);
      expect((await first.engine.status()).filter((p) => p.status !== 'live')).toEqual([]);
      expect(await first.readStore.health()).toMatchObject({ ok: true, kind: 'pglite' });
      const registrations = await first.readStore.collection<RegistrationDoc>('registrations').find({ number: 1 });
      expect(registrations).toEqual([expect.objectContaining({ number: 1, email: 'interest1@example.nz' })]);
      await stop();

      const second = await boot();
      expect(await second.engine.checksums()).toEqual(built);
      const { readStore } = second;
      expect((await readStore.health()).detail).toMatch(/documents in memory/);
      await stop();
    },
    SLOW,
  );

  /** The persisted read models' checksums after the rebuild test's restart: the CLI's rebuild must keep them. */
  let persisted: Awaited<ReturnType<RunningApp['engine']['checksums']>> | undefined;

  it(
    'a rebuild gives the checksums of the persisted copy it replaces, and they persist',
    async () => {
      const app = await boot();
      const before = await app.engine.checksums();
      for (const name of app.engine.names) await app.engine.rebuild(name);
      expect(await app.engine.checksums()).toEqual(before);
      expect((await app.readStore.listCollections()).filter((c) => c.endsWith('__rebuild'))).toEqual([]);
      await stop();

      const restarted = await boot();
      persisted = await restarted.engine.checksums();
      expect(persisted).toEqual(before);
      await stop();
    },
    SLOW,
  );

  it(
    'npm run projections -- rebuild works on the persisted store, and leaves the same read models',
    async () => {
      requireBuilt();
      // What the last restart served (one boot fewer than booting again to read it; run alone, this test boots).
      const before = persisted ?? (await (await boot()).engine.checksums());
      await stop();

      const rebuilt = await runTool('projections', ['rebuild', 'registrations', 'holdings'], dataDir);
      expect(rebuilt).toMatchObject({ status: 0 });
      expect(rebuilt.stdout).toContain('standalone on pglite + pglite');
      expect(rebuilt.stdout).toContain('registrations: rebuilt and swapped in');
      expect(rebuilt.stdout).toContain('holdings: rebuilt and swapped in');

      const restarted = await boot();
      expect(await restarted.engine.checksums()).toEqual(before);
      await stop();
    },
    SLOW,
  );
});
