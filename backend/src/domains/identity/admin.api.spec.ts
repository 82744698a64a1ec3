import { Api, startTestServer } from '../../testing/api.js';
import { registerInterest } from '../../testing/interest.js';
import { waitForEmailLink } from '../../testing/mail.js';
import { signUp, TEST_PASSWORD } from '../../testing/users.js';
import { ROLES_BY_OPERATOR } from './user.decider.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe('/api/admin/* is for admins only (server-side, by path)', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: 'Boss@Example.nz', AUTH_RATE_LIMIT_PER_IP: '1000' } });
    await registerInterest(server);
  });
  afterAll(() => server.close());

  it('refuses the signed-out with 401 and a non-admin with 403, whatever the case of the path', async () => {
    expect((await new Api(server.url).get('/api/admin/registrations')).status).toBe(401);
    const user = await signUp(server);
    expect(user.user.role).toBe('user');
    for (const path of ['/api/admin/registrations', '/API/Admin/registrations']) {
      const res = await user.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
    expect((await user.get('/api/admin/registrations')).body).toEqual({
      message: 'You do not have access to this resource',
      title: 'Forbidden',
    });
  });

  it('an ADMIN_EMAILS address (any case) is admin once the mailed link proves it, granted by ADMIN_EMAILS, and sees the registrations', async () => {
    // Registered: signed in, but whoever typed the address has not shown it is theirs — no role yet.
    const boss = new Api(server.url);
    const registered = await boss.post('/api/register', { email: 'boss@example.NZ', password: TEST_PASSWORD });
    expect(registered.body).toMatchObject({ role: 'user', roles: [], emailVerified: false });
    expect((await boss.get('/api/admin/registrations')).status).toBe(403);
    // The link from the mail, as the person opens it.
    const { token } = await waitForEmailLink(server.config.dataDir, 'boss@example.NZ');
    expect((await boss.post('/api/email-verification', { token })).status).toBe(200);
    const user = (await boss.get('/api/user')).body;
    expect(user).toMatchObject({ role: 'admin', roles: ['admin'], emailVerified: true });
    const res = await boss.get('/api/admin/registrations');
    expect(res.status).toBe(200);
    expect(res.body.registrations).toEqual([expect.objectContaining({ number: 1, email: 'aroha@example.co.nz' })]);
    const granted = (await server.eventStore.readStream(`user-${user.id}`)).find((e) => e.type === 'RoleGranted')!;
    expect(granted.data).toEqual({
      userId: user.id,
      role: 'admin',
      grantedBy: { kind: 'system', name: 'ADMIN_EMAILS' },
    });
    // The visitor registered and proved the address; the system granted the role: the audit says so, in its
    // timeline and its export.
    const system = { kind: 'system', name: 'ADMIN_EMAILS' };
    const timeline = (await boss.get(`/api/audit/events?stream=user-${user.id}`)).body.events;
    const actors = timeline
      .filter((e: { type: string }) => ['UserRegistered', 'EmailVerified', 'RoleGranted'].includes(e.type))
      .map((e: { type: string; metadata: { actor: unknown } }) => [e.type, e.metadata.actor]);
    expect(actors).toEqual([
      ['UserRegistered', { kind: 'anonymous' }],
      ['EmailVerified', { kind: 'user', userId: user.id, roles: [] }],
      ['RoleGranted', system],
    ]);
    const bySystem = (await boss.get('/api/audit/events?actor=system:ADMIN_EMAILS')).body.events;
    expect(bySystem.map((e: { streamId: string }) => e.streamId)).toEqual([`user-${user.id}`]);
    const csv = (await boss.get(`/api/audit/export?format=csv&stream=user-${user.id}`)).body as string;
    expect(csv.split('\n').find((line) => line.includes(',RoleGranted,'))).toContain(',system:ADMIN_EMAILS,');
  });

  it('an admin made through the operator grant path is admin on the next request; a revoke takes it away again', async () => {
    const admin = await signUp(server, { admin: true });
    expect(admin.user.role).toBe('admin');
    expect((await admin.get('/api/admin/registrations')).status).toBe(200);
    const revoke = await fetch(`${server.url}/api/operations/roles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Ops ${server.opsToken}` },
      body: JSON.stringify({ email: admin.user.email, role: 'admin', action: 'revoke' }),
    });
    expect(await revoke.json()).toMatchObject({ changed: true, roles: [] });
    expect((await admin.get('/api/admin/registrations')).status).toBe(403);
    const events = (await server.eventStore.readStream(`user-${admin.user.id}`)).filter((e) =>
      e.type.startsWith('Role'),
    );
    expect(events.map((e) => [e.type, e.data, e.metadata.actor])).toEqual([
      [
        'RoleGranted',
        { userId: admin.user.id, role: 'admin', grantedBy: { kind: 'system', name: 'admin-cli' } },
        { kind: 'system', name: 'admin-cli' },
      ],
      [
        'RoleRevoked',
        { userId: admin.user.id, role: 'admin', revokedBy: { kind: 'system', name: 'admin-cli' } },
        { kind: 'system', name: 'admin-cli' },
      ],
    ]);
  });

  it('roles are the operator’s: an admin can neither give an account (their own, say) a role nor take another’s away; nothing is recorded', async () => {
    const boss = new Api(server.url);
    const login = await boss.post('/api/login', { email: 'boss@example.nz', password: TEST_PASSWORD });
    expect(login.body.role).toBe('admin');
    const puppet = await signUp(server);
    const other = await signUp(server, { admin: true, compliance: true });
    const before = (await server.eventStore.readAll()).length;
    // A puppet made admin or compliance would count as "another" decider in every four-eyes rule.
    for (const [email, role, action] of [
      [puppet.user.email, 'admin', 'grant'],
      [puppet.user.email, 'compliance', 'grant'],
      [other.user.email, 'admin', 'revoke'],
      [other.user.email, 'compliance', 'revoke'],
    ] as const) {
      const refused = await boss.post('/api/operations/roles', { email, role, action });
      expect([refused.status, refused.body.message]).toEqual([403, ROLES_BY_OPERATOR]);
    }
    expect(
      (await puppet.post('/api/operations/roles', { email: puppet.user.email, role: 'admin', action: 'grant' })).status,
    ).toBe(403);
    expect((await server.eventStore.readAll()).length).toBe(before);
    expect((await other.get('/api/user')).body.roles.sort()).toEqual(['admin', 'compliance']);
    // The operator's tool (the ops token) does it, and the event names the system.
    const granted = await fetch(`${server.url}/api/operations/roles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Ops ${server.opsToken}` },
      body: JSON.stringify({ email: puppet.user.email, role: 'compliance', action: 'grant' }),
    });
    expect(granted.status).toBe(200);
    const [event] = (await server.eventStore.readStream(`user-${puppet.user.id}`)).filter(
      (e) => e.type === 'RoleGranted',
    );
    expect(event!.data).toMatchObject({ grantedBy: { kind: 'system', name: 'admin-cli' } });
  });
});
