import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppendResult, EventToAppend } from '../platform/event-store/event-store.js';
import { chainHash } from '../platform/event-store/integrity.js';
import { PgliteEventStore } from '../platform/event-store/pglite-event-store.js';
import type { SqlSession } from '../platform/event-store/sql-database.js';
import { PersonalDataProtection } from '../platform/privacy/personal-data.js';
import { SqlVault } from '../platform/vault/sql-vault.js';
import { MemoryVault } from '../platform/vault/vault.js';
import { ChainKeys } from '../platform/chain/keys.js';
import { ChainFactsStore } from './chain-facts.js';
import { WriteOnlyEventStore } from './write-only-store.js';
import { fillHistory, type FilledHistory } from './history.js';

/** Events per transaction: one multi-row insert each. */
const CHUNK = 10_000;

/**
 * Seeds the events folder of an embedded data folder with `events` events of history.ts and the chain facts they
 * call for (chain-facts.ts: recorded as done, so that a chain-on restart owes the chain nothing), fast: the rows are what
 * the app would store — personal data sealed by PersonalDataProtection with keys in the vault, each event hashed
 * by `chainHash` over the database's own rendering of its data and metadata, as `append` does — but written
 * thousands of events across many streams per transaction rather than one append per stream (PGlite spends about
 * a millisecond on every statement). boot.bench.spec.ts proves the result verifies and replays like appended events.
 */
export async function seedEmbedded(dataDir: string, events: number): Promise<FilledHistory> {
  const started = performance.now();
  mkdirSync(join(dataDir, 'events'), { recursive: true });
  const store = await PgliteEventStore.open({ dataDir: join(dataDir, 'events') });
  try {
    const keys = new RecordingVault();
    const rows = new BulkWriter(store);
    const capture = new CapturingStore(async (streamId, batch) => rows.add(streamId, batch));
    const chainFacts = new ChainFactsStore(new PersonalDataProtection(capture, keys), new ChainKeys(keys));
    const { signedIn } = await fillHistory(chainFacts, events);
    await rows.flush();
    await SqlVault.open(store.database, 'pglite');
    await store.database.transaction(async (tx) => {
      for (let i = 0; i < keys.written.length; i += CHUNK) {
        const chunk = keys.written.slice(i, i + CHUNK);
        await tx.query(
          'insert into vault (namespace, key, value) select * from unnest($1::text[], $2::text[], $3::text[])',
          [chunk.map((e) => e[0]), chunk.map((e) => e[1]), chunk.map((e) => e[2])],
        );
      }
    });
    return { events, chainEvents: chainFacts.written, ms: Math.round(performance.now() - started), signedIn };
  } finally {
    await store.close();
  }
}

/**
 * Bumped when the seeded rows change in a way the files hashed below do not show (the key also hashes the built
 * history, seed, sealing, hashing and schema code, and PGlite's version).
 */
const SEED_VERSION = 2;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SHAPING = [
  'bench/history.js',
  'bench/seed.js',
  // The chain facts recorded after each story: what the outbox's fold calls for decides them.
  'bench/chain-facts.js',
  'domains/tokens/flow.js',
  'domains/tokens/flow-checkpoint.js',
  'platform/chain/platform-plan.js',
  'platform/privacy/personal-data.js',
  'platform/event-store/integrity.js',
  'platform/event-store/sql-event-store.sql.js',
  'platform/event-store/sql-event-store.migrations.js',
].map((file) => fileURLToPath(new URL(`../${file}`, import.meta.url)));

/** Names the seed: what wrote its rows and how many. */
export function seedKey(events: number): string {
  const hash = createHash('sha256').update(`v${SEED_VERSION}`);
  for (const file of SHAPING) hash.update(existsSync(file) ? readFileSync(file) : file);
  hash.update(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  return `${events}-${hash.digest('hex').slice(0, 16)}`;
}

/**
 * `seedEmbedded`, kept: the seeded folder is made once per seed key under the repository's .tmp/bench-seed/ and
 * copied into `dataDir` (seeding a million events takes minutes, many more on a busy machine; copying takes
 * seconds). The history is deterministic (fixed dates, the investor's token derived from a hash), so a copy
 * answers as a fresh seed would. `fill.ms` is the seed's own time when it was made, `fill.cached` says whether this
 * run made it.
 */
export async function seedEmbeddedCached(
  dataDir: string,
  events: number,
): Promise<FilledHistory & { cached: boolean; copyMs: number }> {
  const cache = join(ROOT, '.tmp', 'bench-seed', seedKey(events));
  let cached = true;
  if (!existsSync(join(cache, 'fill.json'))) {
    cached = false;
    const partial = `${cache}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    const fill = await seedEmbedded(partial, events);
    writeFileSync(join(partial, 'fill.json'), JSON.stringify(fill));
    rmSync(cache, { recursive: true, force: true });
    renameSync(partial, cache);
  }
  const started = performance.now();
  cpSync(join(cache, 'events'), join(dataDir, 'events'), { recursive: true });
  const fill = JSON.parse(readFileSync(join(cache, 'fill.json'), 'utf8')) as FilledHistory;
  return { ...fill, cached, copyMs: Math.round(performance.now() - started) };
}

/** Keeps the keys PersonalDataProtection creates, to be written to the `vault` table in one go. */
class RecordingVault extends MemoryVault {
  readonly written: [string, string, string][] = [];

  override async put(namespace: string, key: string, value: string): Promise<void> {
    this.written.push([namespace, key, value]);
    await super.put(namespace, key, value);
  }
}

/** Buffers appends and writes them to the events table CHUNK at a time, hashed and chained per stream. */
class BulkWriter {
  private pending: { streamId: string; event: EventToAppend }[] = [];
  /** Each stream's last revision and hash. */
  private readonly heads = new Map<string, { revision: number; hash: string }>();

  constructor(private readonly store: PgliteEventStore) {}

  async add(streamId: string, events: readonly EventToAppend[]): Promise<void> {
    for (const event of events) this.pending.push({ streamId, event });
    if (this.pending.length >= CHUNK) await this.flush();
  }

  async flush(): Promise<void> {
    const chunk = this.pending;
    this.pending = [];
    if (chunk.length === 0) return;
    await this.store.database.transaction((tx) => this.write(tx, chunk));
  }

  private async write(tx: SqlSession, chunk: { streamId: string; event: EventToAppend }[]): Promise<void> {
    const batch = JSON.stringify(chunk.map(({ event: { type, data, metadata } }) => ({ type, data, metadata })));
    // The text the database will store, as append hashes it.
    const rendered = await tx.query<{ data: string; metadata: string }>(
      `select coalesce((e.value -> 'data')::text, 'null') as data, (e.value -> 'metadata')::text as metadata
       from jsonb_array_elements($1::jsonb) with ordinality as e(value, ord) order by e.ord`,
      [batch],
    );
    const streams: string[] = [];
    const revisions: number[] = [];
    const hashes: string[] = [];
    chunk.forEach(({ streamId, event }, i) => {
      const head = this.heads.get(streamId) ?? { revision: -1, hash: '' };
      const revision = head.revision + 1;
      const { data, metadata } = rendered[i]!;
      const { eventId } = event.metadata;
      const hash = chainHash(head.hash, { streamId, revision, eventId, type: event.type, data, metadata });
      this.heads.set(streamId, { revision, hash });
      streams.push(streamId);
      revisions.push(revision);
      hashes.push(hash);
    });
    await tx.query(
      `insert into events (stream_id, revision, event_id, type, data, metadata, hash)
       select s.stream_id, s.revision, (e.value -> 'metadata' ->> 'eventId')::uuid, e.value ->> 'type',
              e.value -> 'data', e.value -> 'metadata', s.hash
       from jsonb_array_elements($1::jsonb) with ordinality as e(value, ord)
       join unnest($2::text[], $3::bigint[], $4::text[]) with ordinality as s(stream_id, revision, hash, ord)
         on s.ord = e.ord
       order by e.ord`,
      [batch, streams, revisions, hashes],
    );
    const touched = [...new Set(streams)];
    await tx.query(
      `insert into streams (stream_id, revision, hash) select * from unnest($1::text[], $2::bigint[], $3::text[])
       on conflict (stream_id) do update set revision = excluded.revision, hash = excluded.hash`,
      [touched, touched.map((s) => this.heads.get(s)!.revision), touched.map((s) => this.heads.get(s)!.hash)],
    );
  }
}

/** An event store that only hands its appends on (sealed, when PersonalDataProtection is in front). */
class CapturingStore extends WriteOnlyEventStore {
  readonly kind = 'capture';
  private position = 0;

  constructor(private readonly sink: (streamId: string, events: readonly EventToAppend[]) => Promise<void>) {
    super();
  }

  async append(streamId: string, events: readonly EventToAppend[]): Promise<AppendResult> {
    await this.sink(streamId, events);
    this.position += events.length;
    return { nextRevision: -1, position: this.position };
  }

  async headPosition(): Promise<number> {
    return this.position;
  }
}
