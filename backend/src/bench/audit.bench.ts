import { logPages } from '../platform/event-store/log-pages.js';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore, EventToAppend } from '../platform/event-store/event-store.js';
import { PgliteEventStore } from '../platform/event-store/pglite-event-store.js';
import { PersonalDataProtection } from '../platform/privacy/personal-data.js';
import { SqlVault } from '../platform/vault/sql-vault.js';
import type { BenchRow } from './event-store.bench.js';

/**
 * What tamper evidence and sealed personal data cost on the embedded store: appending and reading events
 * whose personal data is sealed per person, against the same events unsealed, and the hash-chain check rate.
 */
export async function benchAudit(events: number): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'kauri-bench-audit-'));
  const stored = await PgliteEventStore.open({ dataDir: dir });
  try {
    const sealed = new PersonalDataProtection(stored, await SqlVault.open(stored.database, 'pglite'));
    const people = 500;
    const event = (n: number): EventToAppend => ({
      type: 'UserProfileBench',
      data: {
        userId: `u-${n % people}`,
        subjectId: `u-${n % people}`,
        personal: { email: `person${n % people}@example.nz`, firstName: 'Mere', lastName: 'Tane' },
      },
      metadata: {
        eventId: randomUUID(),
        schemaVersion: 1,
        occurredAt: new Date().toISOString(),
        actor: { kind: 'system', name: 'bench' },
        correlationId: 'bench',
        causationId: null,
      },
    });
    const appendRate = async (store: EventStore, prefix: string) => {
      const started = performance.now();
      for (let i = 0; i < events; i += 50)
        await store.append(
          `${prefix}-${i % people}`,
          Array.from({ length: 50 }, (_, k) => event(i + k)),
          'any',
        );
      return events / ((performance.now() - started) / 1000);
    };
    const readRate = async (store: EventStore, prefix: string) => {
      const started = performance.now();
      let read = 0;
      for await (const page of logPages(store, { streamPrefixes: [prefix] })) read += page.length;
      return read / ((performance.now() - started) / 1000);
    };
    const plainAppend = await appendRate(stored, 'plain');
    const sealedAppend = await appendRate(sealed, 'sealed');
    const plainRead = await readRate(stored, 'plain-');
    const sealedRead = await readRate(sealed, 'sealed-');
    const started = performance.now();
    const report = await stored.verifyIntegrity();
    const verifyRate = report!.checkedEvents / ((performance.now() - started) / 1000);
    return [
      {
        store: 'pglite',
        metric: 'append, personal data sealed per person',
        value: sealedAppend,
        unit: 'ev/s',
        ratio: sealedAppend / plainAppend,
      },
      {
        store: 'pglite',
        metric: 'read, personal data opened',
        value: sealedRead,
        unit: 'ev/s',
        ratio: sealedRead / plainRead,
      },
      {
        store: 'pglite',
        metric: `hash-chain check (${report!.checkedEvents.toLocaleString('en-NZ')} events)`,
        value: verifyRate,
        unit: 'ev/s',
      },
    ];
  } finally {
    await stored.close();
    await rm(dir, { recursive: true, force: true });
  }
}
