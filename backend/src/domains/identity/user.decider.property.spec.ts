import fc from 'fast-check';
import { legacyEmailKey } from '../../platform/email-key.js';
import {
  anyId,
  anyTime,
  checkDecider,
  choiceOf,
  commandsOf,
  PROTOTYPE_NAMES,
  someText,
} from '../../testing/decider-properties.js';
import type { Role } from '../../platform/event-store/event-store.js';
import { user, type UserCommand } from './user.decider.js';

/** Session token hashes (a few, so that sign-out and extension name open sessions), and prototype names. */
const tokenHash = fc.constantFrom('a'.repeat(64), 'b'.repeat(64), ...PROTOTYPE_NAMES);
const name = fc.option(someText(fc.constant('Aroha')), { nil: null });
const method = fc.constantFrom('password' as const, 'oidc' as const);
const by = fc.oneof(
  fc.record({ kind: fc.constant('user' as const), userId: anyId }),
  fc.constant({ kind: 'system' as const, name: 'admin-cli' }),
);
/** Instants as the server makes them around a sign-in at 09:00 on 23 November: idle end, absolute end. */
const SIGNED_IN = '2026-11-23T09:00:00.000Z';
const IDLE_END = '2026-11-23T21:00:00.000Z';
const END = '2026-11-30T09:00:00.000Z';

const register = fc.record({
  type: fc.constant('RegisterUser' as const),
  userId: anyId,
  emailKey: fc.constant(legacyEmailKey('aroha@example.nz')),
  personal: fc.record({ email: someText(fc.constant('aroha@example.nz')), firstName: name, lastName: name }),
  method,
  adminByConfiguration: fc.boolean(),
  emailVerified: fc.boolean(),
  at: anyTime,
});
const signIn = fc.record({
  type: fc.constant('SignIn' as const),
  method,
  session: fc.record({
    tokenHash,
    kind: fc.constantFrom('cookie' as const, 'bearer' as const),
    expiresAt: fc.constantFrom(END, '2026-11-20T00:00:00.000Z'),
    idleExpiresAt: fc.option(fc.constant(IDLE_END), { nil: null }),
  }),
  at: fc.constant(SIGNED_IN),
});
const extend = fc.record({
  type: fc.constant('ExtendSession' as const),
  tokenHash,
  idleExpiresAt: fc.constantFrom('2026-11-24T04:00:00.000Z', '2026-12-31T00:00:00.000Z'),
  at: fc.constant('2026-11-23T16:00:00.000Z'),
});
const signOut = fc.record({
  type: fc.constant('SignOut' as const),
  tokenHashes: fc.array(tokenHash, { maxLength: 3 }),
  at: anyTime,
});
const role = fc.record({
  type: fc.constantFrom('GrantRole' as const, 'RevokeRole' as const),
  role: choiceOf<Role>(['admin', 'compliance']),
  by,
  at: anyTime,
});
const profile = fc.record({
  type: fc.constant('UpdateProfile' as const),
  firstName: someText(fc.constant('Mere')),
  lastName: someText(fc.constant('Tane')),
  at: anyTime,
});
const link = fc.record({
  type: fc.constant('LinkExternalIdentity' as const),
  issuer: someText(fc.constant('https://id.example.nz')),
  identityKey: fc.constantFrom('c'.repeat(64), 'constructor'),
  sub: someText(fc.constant('248289761001')),
  at: anyTime,
});
const requestReset = fc.record({
  type: fc.constant('RequestPasswordReset' as const),
  resetId: anyId,
  tokenHash,
  messageId: anyId,
  expiresAt: fc.constantFrom('2026-11-23T17:00:00.000Z', 'not a time', ''),
  at: anyTime,
});
const recordResetMail = fc.record({
  type: fc.constant('RecordPasswordResetMail' as const),
  resetId: anyId,
  messageId: anyId,
  outcome: fc.constantFrom('sent' as const, 'refused' as const),
});
const reset = fc.record({ type: fc.constant('ResetPassword' as const), tokenHash, at: anyTime });
const requestVerification = fc.record({
  type: fc.constant('RequestEmailVerification' as const),
  verificationId: anyId,
  tokenHash,
  messageId: anyId,
  expiresAt: fc.constantFrom('2026-11-24T09:00:00.000Z', 'not a time', ''),
  at: anyTime,
});
const recordVerificationMail = fc.record({
  type: fc.constant('RecordEmailVerificationMail' as const),
  verificationId: anyId,
  messageId: anyId,
  outcome: fc.constantFrom('sent' as const, 'refused' as const),
});
const verify = fc.record({
  type: fc.constant('VerifyEmail' as const),
  tokenHash,
  adminByConfiguration: fc.boolean(),
  at: anyTime,
});
const verifyByProvider = fc.record({
  type: fc.constant('VerifyEmailByProvider' as const),
  emailKey: fc.constantFrom(legacyEmailKey('aroha@example.nz'), legacyEmailKey('other@example.nz'), 'constructor'),
  adminByConfiguration: fc.boolean(),
  at: anyTime,
});
const command: fc.Arbitrary<UserCommand> = fc.oneof(
  { weight: 1, arbitrary: requestVerification },
  { weight: 1, arbitrary: recordVerificationMail },
  { weight: 1, arbitrary: verify },
  { weight: 1, arbitrary: verifyByProvider },
  { weight: 1, arbitrary: requestReset },
  { weight: 1, arbitrary: recordResetMail },
  { weight: 1, arbitrary: reset },
  { weight: 1, arbitrary: register },
  { weight: 3, arbitrary: signIn },
  { weight: 2, arbitrary: extend },
  { weight: 2, arbitrary: signOut },
  { weight: 2, arbitrary: role },
  { weight: 2, arbitrary: profile },
  { weight: 1, arbitrary: link },
);

describe('User decider, properties', () => {
  it('whatever is asked, with whatever names, roles and token hashes: events fit, sessions and roles hold', () => {
    checkDecider(user, {
      commands: commandsOf(command, { opening: [register] }),
      invariant(state) {
        expect(new Set(state.roles).size).toBe(state.roles.length);
        expect(state.roles.every((r) => r === 'admin' || r === 'compliance')).toBe(true);
        // A link is pending only while the address is unproven.
        if (state.emailVerified) expect(state.emailVerification).toBeNull();
        for (const session of state.sessions.values()) {
          if (session.idleExpiresAt !== null) expect(session.idleExpiresAt <= session.expiresAt).toBe(true);
        }
      },
    });
  });
});
