import type { UserEvent } from '../domains/identity/events.js';
import { project } from '../platform/projections/projection.js';
import { recorded } from '../testing/recorded.js';
import { sessionIsLive, sessionsProjection } from './sessions.js';
import { usersProjection } from './users.js';

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

  it('lets a session in only before both deadlines and while not revoked', () => {
    expect(sessionIsLive(docs.get('h1')!, '2026-11-01T19:59:59.000Z')).toBe(true);
    expect(sessionIsLive(docs.get('h1')!, '2026-11-01T20:00:00.000Z')).toBe(false);
    expect(sessionIsLive(docs.get('h2')!, '2026-11-01T00:10:00.000Z')).toBe(false);
    expect(sessionIsLive(null, '2026-11-01T00:00:00.000Z')).toBe(false);
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
      registeredAt: '2026-11-01T00:00:00.000Z',
      lastSignedInAt: '2026-11-01T00:00:00.000Z',
    });
  });

  it('given a revoked role, then it is gone', () => {
    const revoked: UserEvent = {
      type: 'RoleRevoked',
      data: { userId, role: 'admin', revokedBy: { kind: 'user', userId: 'other' } },
    };
    expect(project(usersProjection, recorded(`user-${userId}`, [...events, revoked])).get(userId)?.roles).toEqual([]);
  });
});
