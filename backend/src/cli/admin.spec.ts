import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Api } from '../testing/api.js';
import { bootBuilt, requireBuilt, runTool, stopBuilt } from '../testing/built-app.js';
import { TEST_PASSWORD } from '../testing/users.js';

/**
 * The built app on one PGlite data folder: `npm run admin -- grant` through the running app, sessions that
 * survive a restart, and `npm run admin -- revoke` standalone while the app is stopped.
 */
describe('npm run admin and sessions across restarts (embedded pglite, built app)', () => {
  let dataDir: string;
  beforeAll(async () => {
    requireBuilt();
    dataDir = await mkdtemp(join(tmpdir(), 'kauri-admin-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('grants through the running app, keeps the session and the role across a restart, revokes standalone', async () => {
    const first = await bootBuilt(dataDir);
    let cookieApi: Api;
    let userId: string;
    try {
      cookieApi = first.api;
      const registered = await cookieApi.post('/api/register', {
        email: 'ops.lead@example.nz',
        password: TEST_PASSWORD,
        firstName: 'Ops',
      });
      expect(registered.status).toBe(201);
      userId = registered.body.id;
      expect((await cookieApi.get('/api/admin/registrations')).status).toBe(403);

      const granted = await runTool('admin', ['grant', 'OPS.LEAD@example.nz'], dataDir);
      expect(granted).toMatchObject({ status: 0 });
      expect(granted.stdout).toContain('through the running app');
      expect(granted.stdout).toContain('admin granted to OPS.LEAD@example.nz');
      expect((await cookieApi.get('/api/admin/registrations')).status).toBe(200);
      expect((await runTool('admin', ['grant', 'ops.lead@example.nz'], dataDir)).stdout).toContain(
        'already has the admin role',
      );
      expect(await runTool('admin', ['grant', 'nobody@example.nz'], dataDir)).toMatchObject({
        status: 1,
        stderr: expect.stringContaining('No account with the email nobody@example.nz'),
      });
      expect(await runTool('admin', ['promote', 'x@example.nz'], dataDir)).toMatchObject({ status: 2 });
    } finally {
      await stopBuilt(first.child);
    }

    // The same cookie still signs in after a restart: the sessions read model is rebuilt from the log.
    const second = await bootBuilt(dataDir);
    try {
      const again = new Api(second.url);
      const sid = cookieApi.cookie('kauri.sid')!;
      const me = await again.get('/api/user', { cookie: `kauri.sid=${sid}` });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: userId, role: 'admin', firstName: 'Ops' });
    } finally {
      await stopBuilt(second.child);
    }

    const revoked = await runTool('admin', ['revoke', 'ops.lead@example.nz', 'admin'], dataDir);
    expect(revoked).toMatchObject({ status: 0 });
    expect(revoked.stdout).toContain('standalone on the event store');
    expect(revoked.stdout).toContain('admin revoked from ops.lead@example.nz');

    const third = await bootBuilt(dataDir);
    try {
      const login = await third.api.post('/api/login', { email: 'ops.lead@example.nz', password: TEST_PASSWORD });
      expect(login.body).toMatchObject({ id: userId, role: 'user', roles: [] });
      expect((await third.api.get('/api/admin/registrations')).status).toBe(403);
    } finally {
      await stopBuilt(third.child);
    }
  }, 180_000);
});
