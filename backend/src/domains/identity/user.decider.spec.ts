import { specify } from '../../testing/decider-spec.js';
import { EMAIL_NOT_PLAIN, IDENTITY_MESSAGES, OWN_REQUEST } from '../../messages.js';
import type { UserEvent } from './events.js';
import { keyedEmailKey } from '../../platform/email-key.js';
import {
  ACCOUNT_CLOSED,
  ACCOUNT_EXISTS,
  EMAIL_ALREADY_VERIFIED,
  EMAIL_LINK_EXPIRED,
  EMAIL_NOT_CONFIRMABLE,
  NO_ACCOUNT,
  RESET_LINK_EXPIRED,
  ROLES_BY_OPERATOR,
  user,
  type UserCommand,
} from './user.decider.js';

const at = '2026-11-22T09:00:00.000Z';
const later = '2026-11-22T16:00:00.000Z';
const userId = 'u-1';
const emailKey = (email: string) => keyedEmailKey(Buffer.alloc(32, 1), email);
const { given } = specify(user);

const register = (adminByConfiguration = false, emailVerified = false): UserCommand => ({
  type: 'RegisterUser',
  userId,
  emailKey: emailKey('aroha@example.nz'),
  personal: { email: ' aroha@example.nz ', firstName: ' Aroha ', lastName: '' },
  method: emailVerified ? 'oidc' : 'password',
  adminByConfiguration,
  emailVerified,
  at,
});

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    subjectId: userId,
    emailKey: emailKey('aroha@example.nz'),
    method: 'password',
    personal: { email: 'aroha@example.nz', firstName: 'Aroha', lastName: null },
  },
};

const session = (tokenHash: string, idleExpiresAt: string | null = '2026-11-22T21:00:00.000Z'): UserEvent => ({
  type: 'SessionStarted',
  data: {
    userId,
    tokenHash,
    kind: idleExpiresAt ? 'cookie' : 'bearer',
    startedAt: at,
    expiresAt: '2026-11-29T09:00:00.000Z',
    idleExpiresAt,
  },
});

const adminGranted: UserEvent = {
  type: 'RoleGranted',
  data: { userId, role: 'admin', grantedBy: { kind: 'system', name: 'ADMIN_EMAILS' } },
};

describe('User decider', () => {
  it('given nothing, when someone registers, then UserRegistered with personal data under personal (trimmed, blank as null)', () => {
    expect(given([]).when(register())).toEqual({ events: [registered], error: null });
  });

  it('given nothing, when an ADMIN_EMAILS address registers with a password, then no role yet: the address is unproven', () => {
    expect(given([]).when(register(true)).events).toEqual([registered]);
  });

  it('given nothing, when a provider vouches for the address at registration, then it is proven, and an ADMIN_EMAILS address is admin, granted by ADMIN_EMAILS', () => {
    const viaProvider = { ...registered, data: { ...registered.data, method: 'oidc' as const } } as UserEvent;
    const proven: UserEvent = { type: 'EmailVerified', data: { userId, via: 'provider', verificationId: null } };
    expect(given([]).when(register(true, true)).events).toEqual([viaProvider, proven, adminGranted]);
    expect(given([]).when(register(false, true)).events).toEqual([viaProvider, proven]);
  });

  it('given nothing, an address that is not plain is refused on the email field (full-width, zero-width space); case is fine', () => {
    for (const email of ['ＡＤＭＩＮ2@example.nz', 'admin2@example.nz\u200b', 'ad\u00admin2@example.nz']) {
      const command = { ...register(true, true), personal: { email, firstName: null, lastName: null } } as UserCommand;
      expect(given([]).when(command).error).toMatchObject({
        message: EMAIL_NOT_PLAIN,
        status: 400,
        errors: [{ field: 'email', message: EMAIL_NOT_PLAIN }],
      });
    }
    const upper = { ...register(), personal: { email: 'Aroha@Example.NZ', firstName: null, lastName: null } };
    const { events, error } = given([]).when(upper as UserCommand);
    expect(error).toBeNull();
    expect(events?.map((e) => e.type)).toEqual(['UserRegistered']);
  });

  it('given a registered user, registering the same id again is refused', () => {
    expect(given([registered]).when(register()).error).toMatchObject({ message: ACCOUNT_EXISTS, status: 409 });
  });

  it('given no account, every other command is refused', () => {
    expect(
      given([]).when({ type: 'GrantRole', role: 'admin', by: { kind: 'system', name: 'admin-cli' }, at }).error,
    ).toMatchObject({ message: NO_ACCOUNT, status: 404 });
  });

  it('when signing in, then UserSignedIn and SessionStarted with the token hash only', () => {
    const { events } = given([registered]).when({
      type: 'SignIn',
      method: 'password',
      session: {
        tokenHash: 'h1',
        kind: 'cookie',
        expiresAt: '2026-11-29T09:00:00.000Z',
        idleExpiresAt: '2026-11-22T21:00:00.000Z',
      },
      at,
    });
    expect(events).toEqual([{ type: 'UserSignedIn', data: { userId, method: 'password' } }, session('h1')]);
  });

  it('when signing out of two sessions, one already ended, then only the open one ends, and UserSignedOut once', () => {
    const ended: UserEvent = { type: 'SessionEnded', data: { userId, tokenHash: 'h2', reason: 'signed-out' } };
    const { events } = given([registered, session('h1'), session('h2', null), ended]).when({
      type: 'SignOut',
      tokenHashes: ['h1', 'h2', 'unknown'],
      at,
    });
    expect(events).toEqual([
      { type: 'SessionEnded', data: { userId, tokenHash: 'h1', reason: 'signed-out' } },
      { type: 'UserSignedOut', data: { userId } },
    ]);
    expect(given([registered, ended]).when({ type: 'SignOut', tokenHashes: ['h2'], at }).events).toEqual([]);
  });

  it('given a forgotten person’s account, when it is closed, then every open session ends and AccountClosed; once', () => {
    const ended: UserEvent = { type: 'SessionEnded', data: { userId, tokenHash: 'h2', reason: 'signed-out' } };
    const closed: UserEvent = { type: 'AccountClosed', data: { userId } };
    const { events } = given([registered, session('h1'), session('h2'), ended]).when({ type: 'CloseAccount', at });
    expect(events).toEqual([
      { type: 'SessionEnded', data: { userId, tokenHash: 'h1', reason: 'account-closed' } },
      closed,
    ]);
    expect(given([registered, closed]).when({ type: 'CloseAccount', at }).events).toEqual([]);
  });

  it('given a closed account, signing in, a reset link or a role is refused; signing out changes nothing', () => {
    const history: UserEvent[] = [registered, { type: 'AccountClosed', data: { userId } }];
    const newSession = {
      tokenHash: 'h3',
      kind: 'bearer' as const,
      expiresAt: '2026-11-29T09:00:00.000Z',
      idleExpiresAt: null,
    };
    const refusals: UserCommand[] = [
      { type: 'SignIn', method: 'password', session: newSession, at },
      { type: 'RequestPasswordReset', resetId: 'r', tokenHash: 'a'.repeat(64), messageId: 'm', expiresAt: later, at },
      { type: 'GrantRole', role: 'admin', by: { kind: 'system', name: 'admin-cli' }, at },
    ];
    for (const command of refusals)
      expect(given(history).when(command).error).toMatchObject({ message: ACCOUNT_CLOSED, status: 403 });
    expect(given(history).when({ type: 'SignOut', tokenHashes: ['h1'], at }).events).toEqual([]);
  });

  it('extends an idle deadline (once less than 6 h of it is left) up to the absolute end, never a bearer token or an expired session', () => {
    expect(
      given([registered, session('h1')]).when({
        type: 'ExtendSession',
        tokenHash: 'h1',
        idleExpiresAt: '2026-11-23T03:00:00.000Z',
        at: '2026-11-22T14:00:00.000Z',
      }).events,
    ).toEqual([]);
    expect(
      given([registered, session('h1')]).when({
        type: 'ExtendSession',
        tokenHash: 'h1',
        idleExpiresAt: '2026-11-23T03:00:00.000Z',
        at: later,
      }).events,
    ).toEqual([
      { type: 'SessionExtended', data: { userId, tokenHash: 'h1', idleExpiresAt: '2026-11-23T03:00:00.000Z' } },
    ]);
    const nearEnd = given([registered, session('h1')]).when({
      type: 'ExtendSession',
      tokenHash: 'h1',
      idleExpiresAt: '2026-11-30T00:00:00.000Z',
      at: '2026-11-22T20:00:00.000Z',
    });
    expect(nearEnd.events?.[0]?.data).toMatchObject({ idleExpiresAt: '2026-11-29T09:00:00.000Z' });
    expect(
      given([registered, session('b', null)]).when({
        type: 'ExtendSession',
        tokenHash: 'b',
        idleExpiresAt: '2026-11-23T03:00:00.000Z',
        at: later,
      }).events,
    ).toEqual([]);
    expect(
      given([registered, session('h1')]).when({
        type: 'ExtendSession',
        tokenHash: 'h1',
        idleExpiresAt: '2026-11-23T10:00:00.000Z',
        at: '2026-11-22T22:00:00.000Z',
      }).events,
    ).toEqual([]);
  });

  it('grants and revokes roles naming the operator; a grant of a held role or revoke of a missing one changes nothing', () => {
    const operator = { kind: 'system' as const, name: 'admin-cli' };
    expect(given([registered]).when({ type: 'GrantRole', role: 'compliance', by: operator, at }).events).toEqual([
      { type: 'RoleGranted', data: { userId, role: 'compliance', grantedBy: operator } },
    ]);
    expect(
      given([registered, adminGranted]).when({ type: 'GrantRole', role: 'admin', by: operator, at }).events,
    ).toEqual([]);
    expect(
      given([registered, adminGranted]).when({ type: 'RevokeRole', role: 'admin', by: operator, at }).events,
    ).toEqual([{ type: 'RoleRevoked', data: { userId, role: 'admin', revokedBy: operator } }]);
    expect(given([registered]).when({ type: 'RevokeRole', role: 'compliance', by: operator, at }).events).toEqual([]);
    expect(
      given([registered, adminGranted, { type: 'RoleRevoked', data: { userId, role: 'admin', revokedBy: operator } }])
        .state.roles,
    ).toEqual([]);
  });

  it('refuses every role change by a person, admin or not: roles are the operator’s (four eyes counts on them)', () => {
    const by = { kind: 'user' as const, userId: 'admin-7' };
    for (const type of ['GrantRole', 'RevokeRole'] as const)
      for (const role of ['admin', 'compliance'] as const)
        expect(given([registered, adminGranted]).when({ type, role, by, at }).error).toMatchObject({
          status: 403,
          message: ROLES_BY_OPERATOR,
        });
  });

  it('updates the profile name (personal data, with the subject), refusing blanks', () => {
    expect(
      given([registered]).when({ type: 'UpdateProfile', firstName: ' Aroha ', lastName: 'Ngata', at }).events,
    ).toEqual([
      {
        type: 'ProfileUpdated',
        data: { userId, subjectId: userId, personal: { firstName: 'Aroha', lastName: 'Ngata' } },
      },
    ]);
    expect(
      given([registered]).when({ type: 'UpdateProfile', firstName: ' ', lastName: 'Ngata', at }).error,
    ).toMatchObject({ message: 'First name is required', status: 422 });
    const updated: UserEvent = {
      type: 'ProfileUpdated',
      data: { userId, subjectId: userId, personal: { firstName: 'Aroha', lastName: 'Ngata' } },
    };
    expect(
      given([registered, updated]).when({ type: 'UpdateProfile', firstName: 'Aroha', lastName: 'Ngata', at }).events,
    ).toEqual([]);
  });

  it('links an external identity once, its subject under personal', () => {
    const link: UserCommand = {
      type: 'LinkExternalIdentity',
      issuer: 'https://id.example.nz',
      identityKey: 'k1',
      sub: 'abc',
      at,
    };
    const linked: UserEvent = {
      type: 'ExternalIdentityLinked',
      data: { userId, subjectId: userId, issuer: 'https://id.example.nz', identityKey: 'k1', personal: { sub: 'abc' } },
    };
    expect(given([registered]).when(link).events).toEqual([linked]);
    expect(given([registered, linked]).when(link).events).toEqual([]);
  });

  describe('password reset', () => {
    const hash = (c: string) => c.repeat(64);
    const request = (resetId: string, tokenHash: string): UserCommand => ({
      type: 'RequestPasswordReset',
      resetId,
      tokenHash,
      messageId: `m-${resetId}`,
      expiresAt: '2026-11-22T10:00:00.000Z',
      at,
    });
    const requested = (resetId: string, tokenHash: string): UserEvent => ({
      type: 'PasswordResetRequested',
      data: { userId, resetId, tokenHash, expiresAt: '2026-11-22T10:00:00.000Z', messageId: `m-${resetId}` },
    });
    const reset = (tokenHash: string, when = '2026-11-22T09:30:00.000Z'): UserCommand => ({
      type: 'ResetPassword',
      tokenHash,
      at: when,
    });

    it('given an account, when a reset is asked for, then PasswordResetRequested with the hash only; the mail outcome once', () => {
      expect(given([registered]).when(request('r-1', hash('a'))).events).toEqual([requested('r-1', hash('a'))]);
      const history = [registered, requested('r-1', hash('a'))];
      const sent = { type: 'RecordPasswordResetMail', resetId: 'r-1', messageId: 'm-r-1', outcome: 'sent' } as const;
      expect(given(history).when(sent).events).toEqual([
        { type: 'PasswordResetMailSent', data: { userId, resetId: 'r-1', messageId: 'm-r-1' } },
      ]);
      // The outcome of a link a newer one replaced says nothing new.
      expect(given([...history, requested('r-2', hash('b'))]).when(sent).events).toEqual([]);
    });

    it('given a reset link, when it is used in time, then PasswordReset and every session ends; the link is then used up', () => {
      const history = [registered, session('h1'), session('h2', null), requested('r-1', hash('a'))];
      const { events } = given(history).when(reset(hash('a')));
      expect(events).toEqual([
        { type: 'PasswordReset', data: { userId, resetId: 'r-1' } },
        { type: 'SessionEnded', data: { userId, tokenHash: 'h1', reason: 'password-reset' } },
        { type: 'SessionEnded', data: { userId, tokenHash: 'h2', reason: 'password-reset' } },
      ]);
      const after = given([...history, ...events!]);
      expect(after.state.sessions.size).toBe(0);
      expect(after.when(reset(hash('a'))).error).toMatchObject({
        message: IDENTITY_MESSAGES.resetLinkInvalid,
        status: 400,
      });
    });

    it('refuses a wrong, replaced or expired link', () => {
      const history = [registered, requested('r-1', hash('a'))];
      expect(given(history).when(reset(hash('z'))).error).toMatchObject({
        message: IDENTITY_MESSAGES.resetLinkInvalid,
        status: 400,
      });
      expect(given([...history, requested('r-2', hash('b'))]).when(reset(hash('a'))).error?.message).toBe(
        IDENTITY_MESSAGES.resetLinkInvalid,
      );
      expect(given(history).when(reset(hash('a'), '2026-11-22T10:00:00.000Z')).error).toMatchObject({
        message: RESET_LINK_EXPIRED,
        status: 422,
      });
      expect(given([registered]).when(reset(hash('a'))).error?.message).toBe(IDENTITY_MESSAGES.resetLinkInvalid);
    });

    it('given a closed account, any link reads as not valid, as a wrong one for a live account does (no 403 "closed")', () => {
      const closed: UserEvent = { type: 'AccountClosed', data: { userId } };
      for (const tokenHash of [hash('a'), hash('z')])
        expect(given([registered, requested('r-1', hash('a')), closed]).when(reset(tokenHash)).error).toMatchObject({
          message: IDENTITY_MESSAGES.resetLinkInvalid,
          status: 400,
        });
    });
  });

  describe('e-mail confirmation', () => {
    const hash = (c: string) => c.repeat(64);
    const inADay = '2026-11-23T09:00:00.000Z';
    const requested = (verificationId: string, tokenHash: string): UserEvent => ({
      type: 'EmailVerificationRequested',
      data: { userId, verificationId, tokenHash, expiresAt: inADay, messageId: `m-${verificationId}` },
    });
    const verify = (tokenHash: string, adminByConfiguration = false, when = later): UserCommand => ({
      type: 'VerifyEmail',
      tokenHash,
      adminByConfiguration,
      at: when,
    });
    const proven = (verificationId: string): UserEvent => ({
      type: 'EmailVerified',
      data: { userId, via: 'link', verificationId },
    });

    it('when a link is asked for, then only its hash and expiry are recorded; then its mail’s outcome, once', () => {
      const ask: UserCommand = {
        type: 'RequestEmailVerification',
        verificationId: 'v-1',
        tokenHash: hash('a'),
        messageId: 'm-v-1',
        expiresAt: inADay,
        at,
      };
      expect(given([registered]).when(ask).events).toEqual([requested('v-1', hash('a'))]);
      const sent = { type: 'RecordEmailVerificationMail', verificationId: 'v-1', messageId: 'm-v-1' } as const;
      expect(given([registered, requested('v-1', hash('a'))]).when({ ...sent, outcome: 'sent' }).events).toEqual([
        { type: 'EmailVerificationMailSent', data: { userId, verificationId: 'v-1', messageId: 'm-v-1' } },
      ]);
      // A replaced link's late outcome says nothing new.
      expect(
        given([registered, requested('v-1', hash('a')), requested('v-2', hash('b'))]).when({
          ...sent,
          outcome: 'refused',
        }).events,
      ).toEqual([]);
    });

    it('given a link, when its token is used in time, then EmailVerified naming it', () => {
      expect(given([registered, requested('v-1', hash('a'))]).when(verify(hash('a'))).events).toEqual([proven('v-1')]);
    });

    it('given an ADMIN_EMAILS address, when its link is used, then the system grants the admin role with it', () => {
      expect(given([registered, requested('v-1', hash('a'))]).when(verify(hash('a'), true)).events).toEqual([
        proven('v-1'),
        adminGranted,
      ]);
      // An admin already (the operator's grant, or an account from before confirmation links): nothing granted twice.
      const byCli: UserEvent = {
        type: 'RoleGranted',
        data: { userId, role: 'admin', grantedBy: { kind: 'system', name: 'admin-cli' } },
      };
      expect(given([registered, byCli, requested('v-1', hash('a'))]).when(verify(hash('a'), true)).events).toEqual([
        proven('v-1'),
      ]);
    });

    it('refuses a wrong, replaced or expired link, and none at all', () => {
      const history = [registered, requested('v-1', hash('a'))];
      expect(given(history).when(verify(hash('z')))).toMatchObject({
        events: null,
        error: { message: IDENTITY_MESSAGES.emailLinkInvalid, status: 400 },
      });
      expect(given([...history, requested('v-2', hash('b'))]).when(verify(hash('a'))).error?.message).toBe(
        IDENTITY_MESSAGES.emailLinkInvalid,
      );
      expect(given(history).when(verify(hash('a'), true, '2026-11-23T09:00:00.001Z'))).toMatchObject({
        events: null,
        error: { message: EMAIL_LINK_EXPIRED, status: 422 },
      });
      expect(given([registered]).when(verify(hash('a'))).error?.message).toBe(IDENTITY_MESSAGES.emailLinkInvalid);
    });

    it('a used link: opened again it says the address is confirmed (409); another link is not valid; no new link is made', () => {
      const history = [registered, requested('v-1', hash('a')), proven('v-1')];
      expect(given(history).when(verify(hash('a'), true))).toMatchObject({
        events: null,
        error: { message: EMAIL_ALREADY_VERIFIED, status: 409 },
      });
      expect(given(history).when(verify(hash('b'))).error?.message).toBe(IDENTITY_MESSAGES.emailLinkInvalid);
      expect(
        given(history).when({
          type: 'RequestEmailVerification',
          verificationId: 'v-2',
          tokenHash: hash('b'),
          messageId: 'm',
          expiresAt: inADay,
          at,
        }).error,
      ).toMatchObject({ message: EMAIL_ALREADY_VERIFIED, status: 409 });
    });

    it('a provider vouching for the account’s own address proves it (with the ADMIN_EMAILS role); for another address, or again, nothing', () => {
      const byProvider = (key: string): UserCommand => ({
        type: 'VerifyEmailByProvider',
        emailKey: key,
        adminByConfiguration: true,
        at,
      });
      const own = emailKey('aroha@example.nz');
      expect(given([registered]).when(byProvider(own)).events).toEqual([
        { type: 'EmailVerified', data: { userId, via: 'provider', verificationId: null } },
        adminGranted,
      ]);
      expect(given([registered]).when(byProvider(emailKey('someone@example.nz'))).events).toEqual([]);
      expect(given([registered, proven('v-1')]).when(byProvider(own)).events).toEqual([]);
    });

    it('given a closed account, a link is neither made nor used', () => {
      const history: UserEvent[] = [
        registered,
        requested('v-1', hash('a')),
        { type: 'AccountClosed', data: { userId } },
      ];
      // Not 403 'closed': a link must not tell whoever holds a user id that its holder was forgotten.
      expect(given(history).when(verify(hash('a'))).error).toMatchObject({
        message: IDENTITY_MESSAGES.emailLinkInvalid,
        status: 400,
      });
      expect(given(history).when(verify(hash('z'))).error).toMatchObject({
        message: IDENTITY_MESSAGES.emailLinkInvalid,
        status: 400,
      });
      const ask: UserCommand = {
        type: 'RequestEmailVerification',
        verificationId: 'v-2',
        tokenHash: hash('b'),
        messageId: 'm-v-2',
        expiresAt: inADay,
        at,
      };
      expect(given(history).when(ask).error).toMatchObject({ message: ACCOUNT_CLOSED, status: 403 });
    });

    it('given an account whose address is not plain (registered before that was refused), a right link proves nothing', () => {
      const command: UserCommand = { ...verify(hash('a'), true), addressNotPlain: true } as UserCommand;
      expect(given([registered, requested('v-1', hash('a'))]).when(command).error).toMatchObject({
        message: EMAIL_NOT_CONFIRMABLE,
        status: 422,
      });
      // A wrong link still reads as wrong.
      const wrong = { ...verify(hash('z')), addressNotPlain: true } as UserCommand;
      expect(given([registered, requested('v-1', hash('a'))]).when(wrong).error?.message).toBe(
        IDENTITY_MESSAGES.emailLinkInvalid,
      );
    });
  });

  it('four eyes: nobody grants or revokes their own role; the operator’s tools (system) may', () => {
    const self = { kind: 'user' as const, userId };
    const adminGranted: UserEvent = {
      type: 'RoleGranted',
      data: { userId, role: 'admin', grantedBy: { kind: 'system', name: 'admin-cli' } },
    };
    for (const command of [
      { type: 'GrantRole', role: 'compliance', by: self, at },
      { type: 'RevokeRole', role: 'admin', by: self, at },
    ] as const)
      expect(given([registered, adminGranted]).when(command)).toMatchObject({
        events: null,
        error: { message: OWN_REQUEST, status: 403 },
      });
    const cli = { kind: 'system' as const, name: 'admin-cli' };
    expect(given([registered, adminGranted]).when({ type: 'RevokeRole', role: 'admin', by: cli, at }).events).toEqual([
      { type: 'RoleRevoked', data: { userId, role: 'admin', revokedBy: cli } },
    ]);
  });
});
