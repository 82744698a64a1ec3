import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgliteEventStore } from '../platform/event-store/pglite-event-store.js';
import { bootBuilt, requireBuilt, runTool, stopBuilt } from '../testing/built-app.js';
import { freshPgliteDir } from '../testing/pglite.js';
import { TEST_PASSWORD } from '../testing/users.js';

/**
 * `npm run audit -- verify` on the built app's data folder: through the running app, then standalone after one
 * stored value was changed behind the application's back — it exits 1 and names the event — and again after
 * that event's hash was removed as well: still broken (a missing hash): opening the store never re-hashes it.
 */
describe('npm run audit -- verify (embedded pglite, built app)', () => {
  let dataDir: string;
  beforeAll(async () => {
    requireBuilt();
    dataDir = await mkdtemp(join(tmpdir(), 'kauri-audit-'));
    await freshPgliteDir(join(dataDir, 'events'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('reports an intact log through the running app, and names the tampered event standalone', async () => {
    const app = await bootBuilt(dataDir);
    let userId: string;
    try {
      const registered = await app.api.post('/api/register', {
        email: 'tamper.test@example.nz',
        password: TEST_PASSWORD,
        firstName: 'Tama',
      });
      userId = registered.body.id;
      const intact = await runTool('audit', ['verify'], dataDir);
      expect(intact).toMatchObject({ status: 0 });
      expect(intact.stdout).toContain('through the running app');
      expect(intact.stdout).toMatch(/Intact: \d+ events in \d+ streams, every hash chain holds\./);
    } finally {
      await stopBuilt(app.child);
    }

    const store = await PgliteEventStore.open({ dataDir: join(dataDir, 'events') });
    await store.database.query(
      `update events set data = jsonb_set(data, '{method}', '"oidc"') where stream_id = $1 and type = 'UserRegistered'`,
      [`user-${userId}`],
    );
    await store.close();

    const broken = await runTool('audit', ['verify'], dataDir);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain('standalone on the pglite event store');
    expect(broken.stderr).toMatch(
      new RegExp(
        `BROKEN: hash mismatch at user-${userId} revision 0 \\(position \\d+, UserRegistered, event [0-9a-f-]{36}\\)\\.`,
      ),
    );

    // Removing the changed event's hash too must not get it re-hashed when the tool opens the store again.
    const reopened = await PgliteEventStore.open({ dataDir: join(dataDir, 'events') });
    await reopened.database.query(`update events set hash = null where stream_id = $1 and type = 'UserRegistered'`, [
      `user-${userId}`,
    ]);
    await reopened.close();
    const unhashed = await runTool('audit', ['verify'], dataDir);
    expect(unhashed.status).toBe(1);
    const link = `user-${userId} revision 0 \\(position \\d+, UserRegistered, event [0-9a-f-]{36}\\)`;
    expect(unhashed.stderr).toMatch(new RegExp(`BROKEN: missing hash at ${link}\\.`));
    expect((await runTool('audit', ['check'], dataDir)).status).toBe(2);
  }, 120_000);
});
