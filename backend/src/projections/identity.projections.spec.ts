import type { UserEvent } from '../domains/identity/events.js';
import { project } from '../platform/projection-engine/projection.js';
import { MemoryReadStore } from '../platform/read-store/memory-read-store.js';
import { recorded } from '../testing/recorded.js';
import { principalIsLive, SessionPrincipals, sessionsProjection, type SessionDoc } from './sessions.js';
import { usersProjection, type UserDoc } from './users.js';
import { ReadModels } from '../platform/read-store/read-models.js';

const userId = 'u-1';
const events: UserEvent[] = [
  {
    type: 'UserRegistered',
    data: {
      userId,
      subjectId: userId,
      emailKey: 'k',
      method: 'password',
      personal: { email: 'aroha@example.nz', firstName: 'Aroha', lastName: null },
    },
  },
  { type: 'RoleGranted', data: { userId, role: 'admin', grantedBy: { kind: 'system', name: 'ADMIN_EMAILS' } } },
  { type: 'UserSignedIn', data: { userId, method: 'password' } },
  {
    type: 'SessionStarted',
    data: {
      userId,
      tokenHash: 'h1',
      kind: 'cookie',
      startedAt: '2026-11-01T00:00:00.000Z',
      expiresAt: '2026-11-08T00:00:00.000Z',
      idleExpiresAt: '2026-11-01T12:00:00.000Z',
    },
  },
  {
    type: 'SessionStarted',
    data: {
      userId,
      tokenHash: 'h2',
      kind: 'bearer',
      startedAt: '2026-11-01T00:00:00.000Z',
      expiresAt: '2026-11-01T01:00:00.000Z',
      idleExpiresAt: null,
    },
  },
  { type: 'SessionExtended', data: { userId, tokenHash: 'h1', idleExpiresAt: '2026-11-01T20:00:00.000Z' } },
  { type: 'SessionEnded', data: { userId, tokenHash: 'h2', reason: 'signed-out' } },
  { type: 'ProfileUpdated', data: { userId, subjectId: userId, personal: { firstName: 'Aroha', lastName: 'Ngata' } } },
];

describe('sessions projection', () => {
  const docs = project(sessionsProjection, recorded(`user-${userId}`, events));

  it('given sign-ins, an extension and a sign-out, then one document per token hash with its deadlines and revocation', () => {
    expect(docs.get('h1')).toEqual({
      _id: 'h1',
      userId,
      kind: 'cookie',
      startedAt: '2026-11-01T00:00:00.000Z',
      expiresAt: '2026-11-08T00:00:00.000Z',
      idleExpiresAt: '2026-11-01T20:00:00.000Z',
      revoked: false,
      endedAt: null,
    });
    expect(docs.get('h2')).toMatchObject({ kind: 'bearer', revoked: true, endedAt: '2026-11-01T00:00:00.000Z' });
  });
});

describe('session principals (what the identity guard resolves a token hash to, kept between requests)', () => {
  const sessions = project(sessionsProjection, recorded(`user-${userId}`, events));
  const user = project(usersProjection, recorded(`user-${userId}`, events)).get(userId)!;

  async function storeWith(docs: SessionDoc[], users: UserDoc[]) {
    const store = new MemoryReadStore();
    await store.writeBatch([
      { collection: sessionsProjection.name, ops: docs.map((upsert) => ({ upsert })) },
      { collection: usersProjection.name, ops: users.map((upsert) => ({ upsert })) },
    ]);
    return store;
  }

  it('gives the deadlines and the roles, live exactly when the session document is', async () => {
    const principals = new SessionPrincipals(new ReadModels(await storeWith([...sessions.values()], [user])));
    const h1 = (await principals.byTokenHash('h1'))!;
    expect(h1).toEqual({
      userId,
      kind: 'cookie',
      roles: ['admin'],
      expiresAt: Date.parse('2026-11-08T00:00:00.000Z'),
      idleExpiresAt: Date.parse('2026-11-01T20:00:00.000Z'),
      revoked: false,
    });
    // Live only before both deadlines and while not revoked.
    for (const [hash, at, live] of [
      ['h1', '2026-11-01T19:59:59.000Z', true],
      ['h1', '2026-11-01T19:59:59.999Z', true],
      ['h1', '2026-11-01T20:00:00.000Z', false],
      ['h2', '2026-11-01T00:10:00.000Z', false],
    ] as const)
      expect({ hash, at, live: principalIsLive((await principals.byTokenHash(hash))!, Date.parse(at)) }).toEqual({
        hash,
        at,
        live,
      });
    expect(await principals.byTokenHash('unknown')).toBeNull();
  });

  it('sees a sign-out, a role change, a new session and a removed account on the very next call', async () => {
    const store = await storeWith([sessions.get('h1')!], [user]);
    const principals = new SessionPrincipals(new ReadModels(store));
    const now = Date.parse('2026-11-01T01:00:00.000Z');
    expect(principalIsLive((await principals.byTokenHash('h1'))!, now)).toBe(true);
    expect(await principals.byTokenHash('h2')).toBeNull();

    await store.collection<UserDoc>(usersProjection.name).upsert({ ...user, roles: [] });
    expect((await principals.byTokenHash('h1'))!.roles).toEqual([]);
    await store.collection<SessionDoc>(sessionsProjection.name).upsert({ ...sessions.get('h1')!, revoked: true });
    expect(principalIsLive((await principals.byTokenHash('h1'))!, now)).toBe(false);
    // An unknown hash was not remembered as unknown.
    await store.collection<SessionDoc>(sessionsProjection.name).upsert({ ...sessions.get('h2')!, revoked: false });
    expect(await principals.byTokenHash('h2')).toMatchObject({ kind: 'bearer', revoked: false });
    await store.collection<UserDoc>(usersProjection.name).delete(userId);
    expect(await principals.byTokenHash('h2')).toBeNull();
  });

  it('shares frozen principals: no caller can change the next one’s roles or the read model', async () => {
    const store = await storeWith([sessions.get('h1')!], [user]);
    const principals = new SessionPrincipals(new ReadModels(store));
    const first = (await principals.byTokenHash('h1'))!;
    expect(() => (first.roles as string[]).push('compliance')).toThrow(TypeError);
    expect(() => Object.assign(first, { revoked: true })).toThrow(TypeError);
    expect(await principals.byTokenHash('h1')).toBe(first);
    expect(first.roles).toEqual(['admin']);
    expect((await store.collection<UserDoc>(usersProjection.name).get(userId))!.roles).toEqual(['admin']);
  });
});

describe('users projection', () => {
  it('given registration, a role, a sign-in and a name change, then the User with roles', () => {
    expect(project(usersProjection, recorded(`user-${userId}`, events)).get(userId)).toEqual({
      _id: userId,
      email: 'aroha@example.nz',
      emailKey: 'k',
      firstName: 'Aroha',
      lastName: 'Ngata',
      profileImageUrl: null,
      roles: ['admin'],
      // Until the address is proven (accounts from before confirmation links too).
      emailVerified: false,
      registeredAt: '2026-11-01T00:00:00.000Z',
      lastSignedInAt: '2026-11-01T00:00:00.000Z',
    });
  });

  it('given the address proven, then emailVerified; applying it twice changes nothing', () => {
    const proven: UserEvent = { type: 'EmailVerified', data: { userId, via: 'link', verificationId: 'v-1' } };
    const once = project(usersProjection, recorded(`user-${userId}`, [...events, proven])).get(userId);
    expect(once?.emailVerified).toBe(true);
    expect(project(usersProjection, recorded(`user-${userId}`, [...events, proven, proven])).get(userId)).toEqual(once);
  });

  it('given a revoked role, then it is gone', () => {
    const revoked: UserEvent = {
      type: 'RoleRevoked',
      data: { userId, role: 'admin', revokedBy: { kind: 'user', userId: 'other' } },
    };
    expect(project(usersProjection, recorded(`user-${userId}`, [...events, revoked])).get(userId)?.roles).toEqual([]);
  });
});
