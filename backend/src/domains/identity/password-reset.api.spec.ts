/** Forgot password over HTTP on the real app: the mailed link (from the outbox), single use, sessions revoked, limits. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer } from '../../testing/api.js';
import { mailsWithLink, readOutbox, resetLinkIn, waitForResetMail } from '../../testing/mail.js';
import { signUp } from '../../testing/users.js';
import { Api } from '../../testing/api.js';
import { RESET_REQUESTED } from './password-reset.controller.js';
import { IDENTITY_MESSAGES } from '../../messages.js';

const NEW_PASSWORD = 'a brand new passphrase 2026';

describe('password reset API', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: 'https://kauri.example.nz' } });
  });
  afterAll(() => server.close());

  it('mails a single-use link; the new password works, the old one and every old session do not', async () => {
    const owner = await signUp(server);
    const elsewhere = new Api(server.url);
    expect(
      (await elsewhere.post('/api/login', { email: owner.user.email, password: owner.user.password })).status,
    ).toBe(200);

    const asked = await server.api.post('/api/password-reset/request', { email: owner.user.email.toUpperCase() });
    expect(asked).toMatchObject({ status: 202, body: { message: RESET_REQUESTED } });
    const mail = await waitForResetMail(server.config.dataDir, owner.user.email);
    expect(mail.subject).toBe('Reset your Kauri password');
    const { link, token } = resetLinkIn(mail);
    expect(link.startsWith('https://kauri.example.nz/auth/reset-password?token=')).toBe(true);
    // Only the hash of the link's secret is in the log.
    const secret = token.split('.')[1]!;
    const events = await server.eventStore.readStream(`user-${owner.user.id}`);
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['PasswordResetRequested', 'PasswordResetMailSent']),
    );

    const short = await server.api.post('/api/password-reset', { token, password: 'too short' });
    expect(short).toMatchObject({ status: 400, body: { message: 'Password must be at least 12 characters' } });

    const done = await server.api.post('/api/password-reset', { token, password: NEW_PASSWORD });
    expect(done).toMatchObject({ status: 200, body: { success: true } });
    // Every session of the account ended: the cookie of the first browser and of the second.
    expect((await owner.get('/api/user')).status).toBe(401);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    const login = (password: string) => new Api(server.url).post('/api/login', { email: owner.user.email, password });
    expect((await login(owner.user.password)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);
    // Used once.
    const again = await server.api.post('/api/password-reset', { token, password: 'yet another passphrase' });
    expect(again).toMatchObject({
      status: 400,
      body: {
        message: IDENTITY_MESSAGES.resetLinkInvalid,
        errors: [{ field: 'token', message: IDENTITY_MESSAGES.resetLinkInvalid }],
      },
    });
  });

  it('lets the browser that used the link sign in while guessing from many addresses keeps unknown browsers out', async () => {
    const owner = await signUp(server);
    const login = (api: Api, password: string, ip: string) =>
      api.post('/api/login', { email: owner.user.email, password }, { 'x-forwarded-for': ip });
    for (let i = 1; i <= 10; i++)
      expect((await login(new Api(server.url), `guess ${i}`, `203.0.113.${i}`)).status).toBe(401);
    const phone = new Api(server.url);
    expect((await login(phone, owner.user.password, '198.51.100.5')).status).toBe(429);

    // From the phone's own address (requests and uses of links are limited per address; this file's others are local).
    const phoneAddress = { 'x-forwarded-for': '198.51.100.5' };
    await phone.post('/api/password-reset/request', { email: owner.user.email }, phoneAddress);
    const { token } = resetLinkIn(await waitForResetMail(server.config.dataDir, owner.user.email));
    const done = await phone.post('/api/password-reset', { token, password: NEW_PASSWORD }, phoneAddress);
    expect(done.status).toBe(200);
    expect(done.headers.getSetCookie().find((c) => c.startsWith('kauri.device='))).toMatch(/; HttpOnly; SameSite=Lax$/);
    expect((await login(phone, NEW_PASSWORD, '198.51.100.5')).status).toBe(200);
    // Any other new browser is still held back.
    expect((await login(new Api(server.url), NEW_PASSWORD, '198.51.100.6')).status).toBe(429);
  });

  it('answers an unknown address exactly as a known one, and mails nothing; a newer link replaces the older', async () => {
    const unknown = await server.api.post('/api/password-reset/request', { email: 'nobody-here@example.nz' });
    expect(unknown).toMatchObject({ status: 202, body: { message: RESET_REQUESTED } });
    expect((await server.api.post('/api/password-reset/request', { email: 'not an email' })).status).toBe(400);

    const owner = await signUp(server);
    // Counted after the sign-up's own mail (the link to confirm the address).
    const before = (await readOutbox(server.config.dataDir)).length;
    await server.api.post('/api/password-reset/request', { email: owner.user.email });
    const first = resetLinkIn(await waitForResetMail(server.config.dataDir, owner.user.email)).token;
    await server.api.post('/api/password-reset/request', { email: owner.user.email });
    const second = resetLinkIn(await waitForResetMail(server.config.dataDir, owner.user.email, { count: 2 })).token;
    expect((await readOutbox(server.config.dataDir)).length).toBe(before + 2); // none to the unknown address
    expect((await server.api.post('/api/password-reset', { token: first, password: NEW_PASSWORD })).status).toBe(400);
    expect((await server.api.post('/api/password-reset', { token: second, password: NEW_PASSWORD })).status).toBe(200);
    expect(
      (await server.api.post('/api/password-reset', { token: 'garbage', password: NEW_PASSWORD })).body.message,
    ).toBe(IDENTITY_MESSAGES.resetLinkInvalid);
  });
});

describe('password reset limits', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({
      env: { PASSWORD_RESET_RATE_LIMIT_PER_IP: '6', PASSWORD_RESET_RATE_LIMIT_PER_ACCOUNT: '2' },
    });
  });
  afterAll(() => server.close());

  it('mails an address at most the per-account limit per hour (same answer past it), and refuses an address past its own', async () => {
    const owner = await signUp(server);
    for (let i = 0; i < 4; i++) {
      const res = await server.api.post('/api/password-reset/request', { email: owner.user.email });
      expect(res).toMatchObject({ status: 202, body: { message: RESET_REQUESTED } });
    }
    await waitForResetMail(server.config.dataDir, owner.user.email, { count: 2 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsWithLink(server.config.dataDir, owner.user.email, '/auth/reset-password')).toHaveLength(2);

    await server.api.post('/api/password-reset/request', { email: 'someone@example.nz' });
    await server.api.post('/api/password-reset/request', { email: 'someone@example.nz' });
    const refused = await server.api.post('/api/password-reset/request', { email: 'someone-else@example.nz' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
