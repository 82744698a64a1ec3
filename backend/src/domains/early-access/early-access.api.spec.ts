import { statSync } from 'node:fs';
import { join } from 'node:path';
import { INTEREST_REGISTER_STREAM } from './early-access.decider.js';
import { interestForm } from '../../testing/fixtures.js';
import { Api, startTestServer } from '../../testing/api.js';
import { confirmationLinkIn, readOutbox, waitForMail, waitForOutbox } from '../../testing/mail.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe('POST /api/register-interest (real app, memory stores)', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer({
      env: { REGISTER_INTEREST_RATE_LIMIT_PER_IP: '1000', PUBLIC_URL: 'https://kauri.example.nz' },
    });
  });
  afterEach(async () => {
    await server.close();
  });

  it('registers and e-mails a link; the place counts once the link is opened, and the link works once', async () => {
    const res = await server.api.post('/api/register-interest', interestForm());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ registrationId: expect.any(String), position: expect.any(Number) });
    const before = await server.api.get('/api/early-access', { 'x-read-after': String(res.body.position) });
    expect(before.body).toEqual({ waivedPlaces: 100, placesLeft: 100, registrations: 0 });
    const [event] = await server.eventStore.readStream(INTEREST_REGISTER_STREAM);
    expect(event!.metadata.correlationId).toBe(res.headers.get('x-correlation-id'));

    const mail = await waitForMail(server.config.dataDir, 'aroha@example.co.nz');
    expect(mail).toMatchObject({
      to: 'aroha@example.co.nz',
      subject: 'Confirm your registration of interest in Kauri',
    });
    expect(mail.text).toMatch(/^Kia ora Aroha,/);
    const { link, token } = confirmationLinkIn(mail);
    expect(link.startsWith('https://kauri.example.nz/register-interest/confirm?token=')).toBe(true);
    // The outbox file is readable by the app's user only: it holds a working link.
    expect(statSync(join(server.config.dataDir, 'outbox', `${mail.id}.json`)).mode & 0o777).toBe(0o600);
    // The log holds the token's hash, never the token.
    expect(JSON.stringify(await server.eventStore.readAll())).not.toContain(token.split('.')[1]);

    const confirmed = await new Api(server.url).post('/api/register-interest/confirm', { token });
    expect(confirmed).toMatchObject({
      status: 200,
      body: { registrationId: res.body.registrationId, number: 1, feeWaived: true, position: expect.any(Number) },
    });
    const after = await server.api.get('/api/early-access', { 'x-read-after': String(confirmed.body.position) });
    expect(after.body).toEqual({ waivedPlaces: 100, placesLeft: 99, registrations: 1 });

    const again = await server.api.post('/api/register-interest/confirm', { token });
    expect(again).toMatchObject({ status: 409, body: { message: 'This registration is already confirmed.' } });
  });

  it('tags the counter (ETag): the same tag answers 304 with no body and the same headers; a confirmation changes it', async () => {
    const first = await fetch(`${server.url}/api/early-access`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await first.json()).toEqual({ waivedPlaces: 100, placesLeft: 100, registrations: 0 });

    for (const ifNoneMatch of [etag!, `W/${etag}`, `"other", ${etag}`, '*']) {
      const unchanged = await fetch(`${server.url}/api/early-access`, { headers: { 'if-none-match': ifNoneMatch } });
      expect(unchanged.status).toBe(304);
      expect(await unchanged.text()).toBe('');
      expect(unchanged.headers.get('etag')).toBe(etag);
      for (const header of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'])
        expect(unchanged.headers.get(header)).toBe(first.headers.get(header));
      expect(unchanged.headers.get('x-correlation-id')).toMatch(/^[\w-]+$/);
    }
    const other = await fetch(`${server.url}/api/early-access`, { headers: { 'if-none-match': '"other"' } });
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual({ waivedPlaces: 100, placesLeft: 100, registrations: 0 });

    await server.api.post('/api/register-interest', interestForm());
    const { token } = confirmationLinkIn(await waitForMail(server.config.dataDir, 'aroha@example.co.nz'));
    const confirmed = await server.api.post('/api/register-interest/confirm', { token });
    const changed = await fetch(`${server.url}/api/early-access`, {
      headers: { 'if-none-match': etag!, 'x-read-after': String(confirmed.body.position) },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.json()).toEqual({ waivedPlaces: 100, placesLeft: 99, registrations: 1 });
  });

  it('refuses a link that is not ours, or whose secret is wrong, and appends nothing', async () => {
    await server.api.post('/api/register-interest', interestForm());
    const { token } = confirmationLinkIn(await waitForMail(server.config.dataDir, 'aroha@example.co.nz'));
    const head = await server.eventStore.headPosition();
    const message = 'This confirmation link is not valid. Please use the link in the e-mail we sent you.';
    expect(await server.api.post('/api/register-interest/confirm', { token: 'nonsense' })).toMatchObject({
      status: 400,
      body: { message },
    });
    expect(await server.api.post('/api/register-interest/confirm', {})).toMatchObject({
      status: 400,
      body: { message },
    });
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect(await server.api.post('/api/register-interest/confirm', { token: forged })).toMatchObject({
      status: 404,
      body: { message },
    });
    expect(await server.eventStore.headPosition()).toBe(head);
  });

  it('uses the correlation id a client sends, in the response and in the event metadata', async () => {
    const res = await server.api.post('/api/register-interest', interestForm(), {
      'x-correlation-id': 'client-corr-12345',
    });
    await waitForMail(server.config.dataDir, 'aroha@example.co.nz');
    expect(res.headers.get('x-correlation-id')).toBe('client-corr-12345');
    const [event] = await server.eventStore.readStream(INTEREST_REGISTER_STREAM);
    expect(event!.metadata).toMatchObject({ correlationId: 'client-corr-12345', actor: { kind: 'anonymous' } });
  });

  it("answers an empty form with 400 and all thirteen of the spec's messages, and appends nothing", async () => {
    const res = await server.api.post('/api/register-interest', {});
    expect(res.status).toBe(400);
    const messages = Object.fromEntries(
      res.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(messages).toEqual({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      dateOfBirth: 'Date of birth is required',
      country: 'Country is required',
      city: 'City is required',
      occupation: 'Occupation is required',
      investmentInterest: 'Please select at least one area of interest',
      investmentAmount: 'Please select an investment range',
      experience: 'Please select your experience level',
      agreeToTerms: 'You must agree to the terms and conditions',
      agreeToContact: 'You must agree to be contacted',
    });
    expect(res.body.message).toBe('First name must be at least 2 characters');
    expect(await server.eventStore.headPosition()).toBe(0);
  });

  it.each([
    [{ firstName: 'A' }, 'firstName', 'First name must be at least 2 characters'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    // Look-alikes of a registrant's address, which the waiver would be found under (platform/email-key.ts).
    [{ email: 'ａroha@example.co.nz' }, 'email', 'Please enter your email address in plain characters'],
    [{ email: 'aroha@example.co.nz\u200b' }, 'email', 'Please enter your email address in plain characters'],
    [{ phone: '12345' }, 'phone', 'Please enter a valid phone number'],
    [{ dateOfBirth: '1990-02-31' }, 'dateOfBirth', 'Date of birth is required'],
    [{ country: 'fr' }, 'country', 'Country is required'],
    [{ city: '   ' }, 'city', 'City is required'],
    [{ investmentInterest: [] }, 'investmentInterest', 'Please select at least one area of interest'],
    [{ investmentInterest: ['crypto'] }, 'investmentInterest', 'Please select at least one area of interest'],
    [{ investmentAmount: 'lots' }, 'investmentAmount', 'Please select an investment range'],
    [{ experience: 'guru' }, 'experience', 'Please select your experience level'],
    [{ agreeToTerms: false }, 'agreeToTerms', 'You must agree to the terms and conditions'],
    [{ agreeToContact: 'yes' }, 'agreeToContact', 'You must agree to be contacted'],
  ])('refuses %j with the message for %s', async (override, field, message) => {
    const res = await server.api.post('/api/register-interest', interestForm(override));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, errors: [{ field, message }] });
  });

  it('refuses unknown fields, malformed JSON and a repeated e-mail with clear 4xx answers', async () => {
    expect((await server.api.post('/api/register-interest', interestForm({ role: 'admin' }))).status).toBe(400);
    const malformed = await server.api.request('POST', '/api/register-interest', '{"firstName":', {
      'content-type': 'application/json',
    });
    expect(malformed).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON' } });
    expect((await server.api.post('/api/register-interest', interestForm())).status).toBe(201);
    await waitForMail(server.config.dataDir, 'aroha@example.co.nz');
    const again = await server.api.post('/api/register-interest', interestForm({ email: 'AROHA@example.co.nz' }));
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'This email address has already registered interest.' },
    });
    const registered = (await server.eventStore.readAll()).filter((e) => e.type === 'InterestRegistered');
    expect(registered).toHaveLength(1);
    expect(await readOutbox(server.config.dataDir)).toHaveLength(1);
  });

  it('a script that registers 120 addresses without confirming them takes no place', async () => {
    const responses = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        server.api.post('/api/register-interest', interestForm({ email: `fake${i}@example.nz` })),
      ),
    );
    expect(responses.every((r) => r.status === 201)).toBe(true);
    const last = Math.max(...responses.map((r) => r.body.position as number));
    expect((await server.api.get('/api/early-access', { 'x-read-after': String(last) })).body).toEqual({
      waivedPlaces: 100,
      placesLeft: 100,
      registrations: 0,
    });
  }, 60_000);

  it('150 concurrent confirmations: exactly 100 waived, numbers 1..150 without gaps or duplicates', async () => {
    const emails = Array.from({ length: 150 }, (_, i) => `investor${i}@example.nz`);
    for (const email of emails)
      expect((await server.api.post('/api/register-interest', interestForm({ email }))).status).toBe(201);
    const outbox = await waitForOutbox(server.config.dataDir, emails.length);
    const tokens = emails.map((email) => confirmationLinkIn(outbox.find((m) => m.to === email)!).token);
    const responses = await Promise.all(
      tokens.map((token) => server.api.post('/api/register-interest/confirm', { token })),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const numbers = responses.map((r) => r.body.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(responses.filter((r) => r.body.feeWaived)).toHaveLength(100);
    expect(responses.filter((r) => r.body.feeWaived).every((r) => r.body.number <= 100)).toBe(true);
    const last = Math.max(...responses.map((r) => r.body.position as number));
    expect((await server.api.get('/api/early-access', { 'x-read-after': String(last) })).body).toEqual({
      waivedPlaces: 100,
      placesLeft: 0,
      registrations: 150,
    });
  }, 120_000);

  it('serves health with each store and projection, and the OpenAPI document', async () => {
    const res = await server.api.post('/api/register-interest', interestForm());
    await server.api.get('/api/early-access', { 'x-read-after': String(res.body.position) });
    const health = await server.ops.get('/api/health');
    expect(health.body).toMatchObject({
      status: 'ok',
      eventStore: { ok: true, kind: 'memory' },
      readStore: { ok: true, kind: 'memory' },
    });
    expect(health.body.projections).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'early-access', lag: 0 })]),
    );
    const docs = await server.api.get('/api/docs-json');
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/register-interest',
        '/api/register-interest/confirm',
        '/api/early-access',
        '/api/health',
      ]),
    );
  });
});

describe('register interest: limits per address', () => {
  let server: Server;
  afterEach(() => server.close());

  it('answers 429 with Retry-After past REGISTER_INTEREST_RATE_LIMIT_PER_IP an hour; not other addresses', async () => {
    server = await startTestServer({ env: { REGISTER_INTEREST_RATE_LIMIT_PER_IP: '3' } });
    const from = (ip: string, n: number) =>
      server.api.post('/api/register-interest', interestForm({ email: `p${n}@example.nz` }), { 'x-forwarded-for': ip });
    for (let n = 0; n < 3; n++) expect((await from('198.51.100.7', n)).status).toBe(201);
    const limited = await from('198.51.100.7', 3);
    expect(limited).toMatchObject({
      status: 429,
      body: { message: 'Too many attempts. Please try again in 60 minutes.' },
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect((await from('198.51.100.8', 4)).status).toBe(201);
    expect((await server.eventStore.readAll()).filter((e) => e.type === 'InterestRegistered')).toHaveLength(4);
  });
});
