import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app.js';
import type { EventToAppend } from '../platform/event-store/event-store.js';
import { PgliteEventStore } from '../platform/event-store/pglite-event-store.js';
import { legacyEmailKey as emailKey } from '../platform/email-key.js';

/**
 * Embedded boot: a PGlite data folder holding `events` events (one in ten a registration the read models
 * keep, the rest other domains' traffic they read past), then the time for `createApp` to open it and
 * rebuild every in-memory read model from the log.
 */
export async function benchEmbeddedBoot(events: number): Promise<{ events: number; bootMs: number; catchUpMs: number; fillMs: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kauri-bench-boot-'));
  try {
    const fillStarted = performance.now();
    const store = await PgliteEventStore.open({ dataDir: join(dataDir, 'events') });
    const at = new Date().toISOString();
    const meta = () => ({ eventId: randomUUID(), schemaVersion: 1, occurredAt: at, actor: { kind: 'system' as const, name: 'bench' }, correlationId: 'bench', causationId: null });
    let registrations = 0;
    for (let i = 0; i < events; i += 500) {
      const batch: EventToAppend[] = [];
      for (let j = i; j < Math.min(i + 500, events); j++) {
        if (j % 10 === 0) {
          registrations++;
          batch.push({
            type: 'InterestRegistered',
            data: {
              registrationId: randomUUID(),
              number: registrations,
              feeWaived: registrations <= 100,
              emailKey: emailKey(`bench${registrations}@example.nz`),
              registrant: { firstName: 'Bench', lastName: 'Mark', email: `bench${registrations}@example.nz`, phone: '0211234567', dateOfBirth: '1980-01-01', city: 'Auckland', occupation: 'Tester', additionalInfo: null },
              country: 'nz',
              investmentInterest: ['residential'],
              investmentAmount: '10k-50k',
              experience: 'beginner',
              agreedToTermsAt: at,
              agreedToContactAt: at,
              registeredAt: at,
            },
            metadata: meta(),
          });
        } else {
          batch.push({ type: 'BenchTrafficRecorded', data: { n: j, note: 'traffic of other domains' }, metadata: meta() });
        }
      }
      await store.append(i % 5000 === 0 ? 'interest-register-prelaunch' : `bench-${i % 97}`, batch, 'any');
    }
    await store.close();
    const fillMs = performance.now() - fillStarted;

    const app = await createApp({ env: { EVENT_STORE: 'pglite', READ_STORE: 'memory', DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });
    const { bootMs, catchUpMs } = app;
    await app.close();
    return { events, bootMs: Math.round(bootMs), catchUpMs: Math.round(catchUpMs), fillMs: Math.round(fillMs) };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
