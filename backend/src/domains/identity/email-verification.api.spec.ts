/** Confirming an account's e-mail address over HTTP on the real app: the mailed link, a new one, single use, limits. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Api, startTestServer } from '../../testing/api.js';
import { emailLinkMails, readOutbox, waitForEmailLink } from '../../testing/mail.js';
import { signUp, TEST_PASSWORD } from '../../testing/users.js';
import { EMAIL_NOT_PLAIN, IDENTITY_MESSAGES } from '../../messages.js';
import { EMAIL_LINK_SENT } from './email-verification.controller.js';
import { EMAIL_ALREADY_VERIFIED } from './user.decider.js';

describe('e-mail verification API', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        PUBLIC_URL: 'https://kauri.example.nz',
        ADMIN_EMAILS: 'ops@example.nz',
        EMAIL_VERIFICATION_RATE_LIMIT_PER_ACCOUNT: '2',
        EMAIL_VERIFICATION_RATE_LIMIT_PER_IP: '100',
      },
    });
  });
  afterAll(() => server.close());

  it('registration signs in at once and mails a single-use link; only its hash is logged; used, the address is proven', async () => {
    const person = new Api(server.url);
    const registered = await person.post('/api/register', { email: 'Hine@Example.nz', password: TEST_PASSWORD });
    expect(registered).toMatchObject({ status: 201, body: { emailVerified: false, role: 'user' } });
    const [mail] = await emailLinkMails(server.config.dataDir, 'hine@example.nz');
    expect(mail?.subject).toBe('Confirm your e-mail address for Kauri');
    const { link, token } = await waitForEmailLink(server.config.dataDir, 'hine@example.nz');
    expect(link.startsWith('https://kauri.example.nz/auth/verify-email?token=')).toBe(true);
    const userId = registered.body.id as string;
    expect(token.startsWith(`${userId}.`)).toBe(true);
    const events = await server.eventStore.readStream(`user-${userId}`);
    expect(JSON.stringify(events)).not.toContain(token.split('.')[1]);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['EmailVerificationRequested', 'EmailVerificationMailSent']),
    );
    const requested = events.find((e) => e.type === 'EmailVerificationRequested')!;
    const expiresIn =
      Date.parse((requested.data as { expiresAt: string }).expiresAt) - Date.parse(requested.metadata.occurredAt);
    expect(expiresIn).toBe(24 * 60 * 60 * 1000);

    // From another browser, signed out: the link is enough.
    const phone = new Api(server.url);
    expect(await phone.post('/api/email-verification', { token })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await person.get('/api/user')).body).toMatchObject({ emailVerified: true, role: 'user' });
    // Opened again: said to be done already, nothing recorded.
    const head = await server.eventStore.headPosition();
    expect(await phone.post('/api/email-verification', { token })).toMatchObject({
      status: 409,
      body: { message: EMAIL_ALREADY_VERIFIED },
    });
    expect((await person.post('/api/email-verification/request')).status).toBe(409);
    expect(await server.eventStore.headPosition()).toBe(head);
  });

  it('refuses a made-up, malformed or foreign token with the link’s message, and records nothing', async () => {
    const person = await signUp(server);
    const head = await server.eventStore.headPosition();
    for (const token of [
      `${person.user.id}.${'x'.repeat(43)}`,
      'not a token',
      `${crypto.randomUUID()}.${'y'.repeat(43)}`,
    ])
      expect(await server.api.post('/api/email-verification', { token })).toMatchObject({
        status: 400,
        body: { message: IDENTITY_MESSAGES.emailLinkInvalid },
      });
    expect((await server.api.post('/api/email-verification', { token: 42 })).status).toBe(400);
    expect(await server.eventStore.headPosition()).toBe(head);
    expect((await person.get('/api/user')).body.emailVerified).toBe(false);
  });

  it('an ADMIN_EMAILS address: not admin at registration; admin once the mailed link is used', async () => {
    const ops = new Api(server.url);
    expect((await ops.post('/api/register', { email: 'ops@example.nz', password: TEST_PASSWORD })).body).toMatchObject({
      role: 'user',
      roles: [],
    });
    expect((await ops.get('/api/admin/registrations')).status).toBe(403);
    const { token } = await waitForEmailLink(server.config.dataDir, 'ops@example.nz');
    expect((await ops.post('/api/email-verification', { token })).status).toBe(200);
    expect((await ops.get('/api/user')).body).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await ops.get('/api/admin/registrations')).status).toBe(200);
  });

  it('sends a new link on request (signed in only): it replaces the older one; past the limit per account, 429', async () => {
    expect((await new Api(server.url).post('/api/email-verification/request')).status).toBe(401);
    const person = await signUp(server);
    const first = await waitForEmailLink(server.config.dataDir, person.user.email);
    const again = await person.post('/api/email-verification/request');
    expect(again).toMatchObject({ status: 202, body: { message: EMAIL_LINK_SENT } });
    const second = await waitForEmailLink(server.config.dataDir, person.user.email, { count: 2 });
    expect(second.token).not.toBe(first.token);
    expect((await person.post('/api/email-verification/request')).status).toBe(202);
    const limited = await person.post('/api/email-verification/request');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await emailLinkMails(server.config.dataDir, person.user.email)).length).toBe(3);
    // The older links no longer work; the newest does.
    expect((await person.post('/api/email-verification', { token: first.token })).status).toBe(400);
    const newest = await waitForEmailLink(server.config.dataDir, person.user.email, { count: 3 });
    expect((await person.post('/api/email-verification', { token: newest.token })).status).toBe(200);
  });

  it('refuses to register a look-alike of an address (full-width letters, a zero-width space) on the email field; mails nothing', async () => {
    const mailsBefore = (await readOutbox(server.config.dataDir)).length;
    // ops@example.nz is in ADMIN_EMAILS: its full-width twin keyed as it, so proving the twin made its holder admin.
    for (const email of ['ＯＰＳ@example.nz', 'ops@example.nz\u200b', 'ｏps@example.nz']) {
      const res = await new Api(server.url).post('/api/register', { email, password: TEST_PASSWORD });
      expect({ email, status: res.status, body: res.body }).toEqual({
        email,
        status: 400,
        body: { message: EMAIL_NOT_PLAIN, errors: [{ field: 'email', message: EMAIL_NOT_PLAIN }] },
      });
    }
    // And asking for a reset link for one (it would be mailed to the address as typed).
    const reset = await new Api(server.url).post('/api/password-reset/request', { email: 'ＯＰＳ@example.nz' });
    expect(reset).toMatchObject({ status: 400, body: { errors: [{ field: 'email', message: EMAIL_NOT_PLAIN }] } });
    expect((await readOutbox(server.config.dataDir)).length).toBe(mailsBefore);
    // Letter case is not a look-alike: the address as typed, upper case and all, registers.
    expect(
      (await new Api(server.url).post('/api/register', { email: 'Rewi.T@Example.NZ', password: TEST_PASSWORD })).status,
    ).toBe(201);
  });

  it('a wrong link reads the same for a closed (forgotten) account as for a live one: no way to learn who was forgotten', async () => {
    const staff = await signUp(server, { compliance: true });
    const live = await signUp(server);
    const gone = await signUp(server);
    const forgot = await staff.post(`/api/audit/subjects/${gone.user.id}/forget`, {
      reason: 'Request under the Privacy Act 2020',
    });
    expect(forgot.status).toBe(200);
    const secret = 'A'.repeat(43);
    const answers = async (path: string, body: Record<string, string>) =>
      Promise.all(
        [live.user.id, gone.user.id].map(async (userId) => {
          const res = await new Api(server.url).post(path, { ...body, token: `${userId}.${secret}` });
          return { status: res.status, body: res.body };
        }),
      );
    const [liveVerify, goneVerify] = await answers('/api/email-verification', {});
    expect(liveVerify).toEqual({
      status: 400,
      body: {
        message: IDENTITY_MESSAGES.emailLinkInvalid,
        errors: [{ field: 'token', message: IDENTITY_MESSAGES.emailLinkInvalid }],
      },
    });
    expect(goneVerify).toEqual(liveVerify);
    const [liveReset, goneReset] = await answers('/api/password-reset', { password: 'a brand new passphrase 2026' });
    expect(liveReset).toEqual({
      status: 400,
      body: {
        message: IDENTITY_MESSAGES.resetLinkInvalid,
        errors: [{ field: 'token', message: IDENTITY_MESSAGES.resetLinkInvalid }],
      },
    });
    expect(goneReset).toEqual(liveReset);
  });
});
