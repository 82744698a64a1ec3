/**
 * The edge of the real app (memory stores): malformed input is a clean 400 that appends nothing, dates come in
 * one shape only, uploads never hang, every response carries the security headers, one answer lists every
 * field's mistake, and a shutdown finishes within seconds even with a hung upload.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REQUEST_TIMEOUT_MS, SHUTDOWN_GRACE_MS } from '../../app.js';
import { FUTURE_SWEEP } from '../../domains/wholesale/verification.decider.js';
import { startTestServer, type Api } from '../../testing/api.js';
import { subscribe } from '../../testing/billing.js';
import { interestForm } from '../../testing/fixtures.js';
import * as offerings from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';
import { CHARACTERS_NOT_ALLOWED, MALFORMED_PATH, NAME_NOT_ALLOWED, SEND_JSON, TOO_DEEP } from './input-limits.js';
import { MALFORMED_REQUEST } from './methods.js';
import { contentSecurityPolicy } from './security-headers.js';
import { UPLOAD_TIMEOUTS } from '../uploads.js';

const JSON_TYPE = { 'content-type': 'application/json' };
const HSTS = 'max-age=31536000; includeSubDomains';

describe('the edge of the app', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let owner: Api & { user: { id: string } };
  let admin: Api & { user: { id: string } };
  let assetId: string;
  // A built frontend of two files: the page and one script chunk.
  const dist = mkdtempSync(join(tmpdir(), 'kauri-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!DOCTYPE html><title>Kauri</title>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'export {};');
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000', FRONTEND_DIST: dist } });
    owner = await signUp(server);
    admin = await signUp(server, { admin: true });
    await subscribe(owner, 'enterprise');
    const asset = { name: 'Edge House', description: 'Twelve apartments', assetType: 'property', totalValue: 5e5 };
    assetId = (await owner.post('/api/assets', { ...asset, tokenCount: 100 })).body.id;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** Runs `refused`, expects a 4xx, and that the event log did not move. */
  async function refusedWithoutEvents<T extends { status: number }>(refused: () => Promise<T>): Promise<T> {
    const head = await server.eventStore.headPosition();
    const res = await refused();
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await server.eventStore.headPosition()).toBe(head);
    return res;
  }

  it('refuses deep JSON, NUL, lone surrogates and prototype keys with a 400 naming the field', async () => {
    const deep = '['.repeat(6000) + ']'.repeat(6000);
    for (const path of ['/api/register-interest', '/api/calculator/analyze', '/api/login']) {
      const res = await refusedWithoutEvents(() => server.api.request('POST', path, deep, JSON_TYPE));
      expect(res).toMatchObject({ status: 400, body: { message: TOO_DEEP } });
    }
    const nested = JSON.stringify(Array.from({ length: 33 }).reduce((inner) => ({ a: inner }), 1));
    expect((await owner.request('POST', '/api/assets', nested, JSON_TYPE)).body.message).toBe(TOO_DEEP);

    const characters = (field: string) => ({
      message: CHARACTERS_NOT_ALLOWED,
      errors: [{ field, message: CHARACTERS_NOT_ALLOWED }],
    });
    expect((await refusedWithoutEvents(() => owner.get('/api/assets/%00'))).body).toEqual(characters('path'));
    const nul = await refusedWithoutEvents(() => owner.post('/api/assets', { name: 'a\u0000b' }));
    expect(nul.body).toEqual(characters('name'));
    const lone = '{"verificationType":"professional","verifierName":"Hine \\ud800","verifierContact":"hine@law.nz"}';
    const submit = '/api/wholesale-verification';
    const loneRes = await refusedWithoutEvents(() => owner.request('POST', submit, lone, JSON_TYPE));
    expect(loneRes.body).toEqual(characters('verifierName'));
    const query = await refusedWithoutEvents(() => admin.get('/api/audit/events?actor=a%00b'));
    expect(query.body).toEqual(characters('actor'));

    const proto = '{"__proto__":{"roles":["admin"]},"email":"x@example.nz","password":"a long enough password"}';
    const protoRes = await refusedWithoutEvents(() => server.api.request('POST', '/api/register', proto, JSON_TYPE));
    expect(protoRes.body).toEqual({
      message: NAME_NOT_ALLOWED,
      errors: [{ field: '__proto__', message: NAME_NOT_ALLOWED }],
    });
  });

  it('refuses bidi overrides, embeddings and isolates like NUL; names need enough visible characters', async () => {
    const characters = (field: string) => ({
      message: CHARACTERS_NOT_ALLOWED,
      errors: [{ field, message: CHARACTERS_NOT_ALLOWED }],
    });
    for (const bidi of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      const named = interestForm({ email: 'bidi@example.nz', firstName: `An${bidi}aa` });
      const res = await refusedWithoutEvents(() => server.api.post('/api/register-interest', named));
      expect(res.body).toEqual(characters('firstName'));
    }
    expect((await refusedWithoutEvents(() => admin.get('/api/audit/events?actor=a%E2%80%AEb'))).body).toEqual(
      characters('actor'),
    );
    const unseen = ['\u200b\u200b', ' \u200b ', '\u2060\u00ad', 'A\u200b', '\u3164\u3164', 'e\u0301'];
    for (const name of unseen) {
      const form = interestForm({ email: 'unseen@example.nz', firstName: name, lastName: name });
      const res = await refusedWithoutEvents(() => server.api.post('/api/register-interest', form));
      expect({ name, errors: res.body.errors }).toEqual({
        name,
        errors: [
          { field: 'firstName', message: 'First name must be at least 2 characters' },
          { field: 'lastName', message: 'Last name must be at least 2 characters' },
        ],
      });
    }
    const profile = await refusedWithoutEvents(() =>
      owner.request('PATCH', '/api/user', { firstName: '\u200b', lastName: '\u200d\u200d' }),
    );
    expect(profile.body.errors).toEqual([
      { field: 'firstName', message: 'First name is required' },
      { field: 'lastName', message: 'Last name is required' },
    ]);
    // A right-to-left name needs none of them (its marks stay allowed); an accent is part of its letter.
    const hebrew = await owner.request('PATCH', '/api/user', {
      firstName: '\u05d3\u05e0\u05d4\u200f',
      lastName: 'Levi',
    });
    expect(hebrew.status).toBe(200);
    const accented = interestForm({ email: 'accented@example.nz', firstName: 'E\u0301', lastName: 'Ng' });
    const accentedRes = await refusedWithoutEvents(() => server.api.post('/api/register-interest', accented));
    expect(accentedRes.body.errors).toContainEqual({
      field: 'firstName',
      message: 'First name must be at least 2 characters',
    });
    const two = await owner.request('PATCH', '/api/user', { firstName: 'E\u0301e', lastName: 'Ng' });
    expect(two.status).toBe(200);
  });

  it('refuses a body that is not valid UTF-8 (never read with U+FFFD in place of the bad bytes)', async () => {
    const message = 'The request body is not valid UTF-8';
    const fields = (firstName: Buffer) =>
      Buffer.concat([
        Buffer.from('{"email":"bytes@example.nz","firstName":"'),
        firstName,
        Buffer.from('","lastName":"Bytes","agreeToTerms":true}'),
      ]);
    for (const bad of [[0xed, 0xa0, 0x80], [0xff], [0xc3]]) {
      const body = fields(Buffer.from([0x48, ...bad, 0x69]));
      const res = await refusedWithoutEvents(() =>
        server.api.request('POST', '/api/register-interest', body, JSON_TYPE),
      );
      expect(res).toMatchObject({ status: 400, body: { message, errors: [{ field: 'body', message }] } });
    }
    // Valid UTF-8 beyond ASCII is read as sent.
    const maori = await server.api.request('POST', '/api/register-interest', fields(Buffer.from('Mā')), JSON_TYPE);
    expect(maori.body.errors ?? []).not.toContainEqual(expect.objectContaining({ field: 'body' }));
  });

  it('accepts dates only as ISO 8601 calendar dates or date-times with a zone, in sensible years', async () => {
    for (const from of ['2026-W01', '20261123', '42', '2026-02-30', '9999-01-01']) {
      const res = await refusedWithoutEvents(() => admin.get(`/api/audit/events?from=${from}`));
      expect([from, res.status, res.body.errors[0].field]).toEqual([from, 400, 'from']);
    }
    expect((await admin.get('/api/audit/events?from=2026-01-01&to=2026-12-31T23:59:59%2B13:00')).status).toBe(200);
    const state = await refusedWithoutEvents(() => admin.get('/api/audit/streams/asset-x/state?at=20261123'));
    expect(state.status).toBe(400);
    const check = { status: 'passed', expiryDate: '2030-02-30' };
    const path = `/api/compliance-reviews/${owner.user.id}/checks/aml`;
    const expiry = await refusedWithoutEvents(() => admin.post(path, check));
    expect(expiry.body.errors).toEqual([{ field: 'expiryDate', message: 'Expiry date must be a date (YYYY-MM-DD)' }]);
  });

  it('never sweeps certifications as of a future or malformed time', async () => {
    const ops = { authorization: `Ops ${server.opsToken}` };
    const sweep = (body: object) => server.api.post('/api/operations/wholesale/expire', body, ops);
    const bad = await refusedWithoutEvents(() => sweep({ asOf: '42' }));
    expect(bad.body.errors).toEqual([{ field: 'asOf', message: expect.stringContaining('YYYY-MM-DD') }]);
    const future = await refusedWithoutEvents(() => sweep({ asOf: '2042-01-01' }));
    expect(future.body).toEqual({ message: FUTURE_SWEEP, errors: [{ field: 'asOf', message: FUTURE_SWEEP }] });
    expect((await sweep({ asOf: '2026-01-01T00:00:00Z' })).status).toBe(200);
  });

  it('records who ran a sweep: the admin, or the system for the ops token', async () => {
    const lapsedInvestor = async () => (await offerings.lapsedInvestor(server, admin.user.id)).user.id;
    const expiredOf = async (userId: string) =>
      (await server.eventStore.readStream(`verification-${userId}`)).find((e) => e.type === 'VerificationExpired');

    const first = await lapsedInvestor();
    const byAdmin = await admin.post('/api/operations/wholesale/expire', {});
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.expired).toBeGreaterThanOrEqual(1);
    const adminEvent = await expiredOf(first);
    expect(adminEvent?.data).toMatchObject({ expiredBy: { kind: 'user', userId: admin.user.id } });
    expect(adminEvent?.metadata).toMatchObject({ schemaVersion: 2, actor: { kind: 'user', userId: admin.user.id } });
    expect(Date.parse(adminEvent!.metadata.occurredAt)).toBeLessThanOrEqual(Date.now());

    const second = await lapsedInvestor();
    const ops = { authorization: `Ops ${server.opsToken}` };
    const byOps = await server.api.post('/api/operations/wholesale/expire', {}, ops);
    expect(byOps.status).toBe(200);
    const opsEvent = await expiredOf(second);
    expect(opsEvent?.data).toMatchObject({ expiredBy: { kind: 'system', name: 'operator' } });
    expect(opsEvent?.metadata.actor).toEqual({ kind: 'system', name: 'operator' });
  });

  it('lists every wrong field of a wholesale submission at once, with the spec texts', async () => {
    const investor = await signUp(server);
    // The example: every field wrong, every message in one answer.
    const form = {
      verificationType: 'high_net_worth',
      netWorthAmount: 4_999_999,
      verifierName: 'A',
      verifierContact: 'nope',
    };
    const res = await refusedWithoutEvents(() => investor.post('/api/wholesale-verification', form));
    expect(res.body).toEqual({
      message: 'Net worth must be at least NZD 5,000,000',
      errors: [
        { field: 'netWorthAmount', message: 'Net worth must be at least NZD 5,000,000' },
        { field: 'verifierName', message: 'Verifier name required' },
        { field: 'verifierContact', message: 'Valid verifier email required' },
      ],
    });
    const professional = { verificationType: 'professional', verifierName: 'Hine', verifierContact: 'hine@law.nz' };
    const noProfession = await investor.post('/api/wholesale-verification', professional);
    expect(noProfession.body.errors).toEqual([{ field: 'professionalType', message: 'Please choose your profession' }]);
  });

  it('answers an upload sent as JSON, a form, text or HTML with 415 at once, naming the accepted file types', async () => {
    const started = performance.now();
    const deed = `/api/assets/${assetId}/documents/property-deed`;
    const pdfOnly =
      'Documents must be PDF files, sent as the request body itself with one of these content types: ' +
      'application/pdf, application/octet-stream';
    const evidence = '/api/wholesale-verification/documents';
    const anyEvidence =
      'Documents must be PDF, Word (doc, docx), JPG or PNG files, sent as the request body itself with one of ' +
      'these content types: application/pdf, application/msword, ' +
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document, image/jpeg, image/png, ' +
      'application/octet-stream';
    const bodies: [string, string][] = [
      ['application/json', '{"file":"%PDF-"}'],
      ['application/x-www-form-urlencoded', 'a=1'],
      ['text/plain; charset=utf-8', 'a note'],
      ['text/html', '<p>a page</p>'],
      ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\n%PDF-\r\n--b--'],
    ];
    for (const [type, body] of bodies) {
      for (const [method, path, message] of [
        ['PUT', deed, pdfOnly],
        ['POST', evidence, anyEvidence],
      ] as const) {
        const res = await refusedWithoutEvents(() => owner.request(method, path, body, { 'content-type': type }));
        expect({ type, path, status: res.status, body: res.body }).toEqual({
          type,
          path,
          status: 415,
          body: { message, errors: [{ field: 'file', message }] },
        });
      }
    }
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('answers a command sent as a form, text, XML, multipart or a file with 415, asking for JSON, and records nothing', async () => {
    const form = JSON.stringify({ email: 'plain.text@example.nz', firstName: 'Plain', lastName: 'Text' });
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=b',
      'application/pdf',
    ]) {
      const sent = await refusedWithoutEvents(() =>
        server.api.request('POST', '/api/register-interest', form, { 'content-type': type }),
      );
      expect({ type, status: sent.status, body: sent.body }).toEqual({
        type,
        status: 415,
        body: expect.objectContaining({ message: SEND_JSON, errors: [{ field: 'body', message: SEND_JSON }] }),
      });
    }
  });

  it('answers a missing built file with a 404, not the page; the client routes get the page', async () => {
    const chunk = await server.api.get('/assets/index-abc123.js');
    expect([chunk.status, chunk.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    for (const path of ['/assets/index-gone99.js', '/assets/index-gone99.css', '/assets/logo.svg', '/favicon.ico']) {
      const missing = await server.api.get(path);
      expect({
        path,
        status: missing.status,
        page: String(missing.headers.get('content-type')).includes('html'),
      }).toEqual({ path, status: 404, page: false });
    }
    for (const path of ['/', '/assets', `/assets/${assetId}`, '/token-offerings', '/audit?stream=asset-1']) {
      const page = await server.api.get(path);
      expect({ path, status: page.status, type: page.headers.get('content-type') }).toEqual({
        path,
        status: 200,
        type: 'text/html; charset=utf-8',
      });
    }
  });

  it('answers HEAD as GET without the body: pages, API reads; /api/… and missing built files stay 404', async () => {
    for (const path of ['/', '/register-interest', '/auth/verify-email', '/api/health', '/assets/index-abc123.js']) {
      const [get, head] = [await server.api.get(path), await server.api.request('HEAD', path)];
      expect({ path, status: head.status, type: head.headers.get('content-type'), body: head.body }).toEqual({
        path,
        status: 200,
        type: get.headers.get('content-type'),
        body: null,
      });
      expect(head.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await server.api.request('HEAD', '/')).headers.get('cache-control')).toBe('no-cache');
    for (const path of ['/api/nothing-here', '/API/Nothing', '/assets/index-gone99.js'])
      expect([path, (await server.api.request('HEAD', path)).status]).toEqual([path, 404]);
  });

  it('answers a method a known path does not take with 405 and Allow; OPTIONS with 204 and Allow, no CORS', async () => {
    const notAllowed = (method: string, allow: string) => {
      const message = `${method} is not allowed at this address; it allows ${allow}`;
      return { status: 405, allow, body: { message, errors: [{ field: 'method', message }] } };
    };
    const sent = async (method: string, path: string) => {
      const res = await refusedWithoutEvents(() => owner.request(method, path));
      return { status: res.status, allow: res.headers.get('allow'), body: res.body };
    };
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'])
      expect(await sent(method, '/api/register-interest')).toEqual(notAllowed(method, 'POST, OPTIONS'));
    expect(await sent('POST', '/register-interest')).toEqual(notAllowed('POST', 'GET, HEAD, OPTIONS'));
    expect(await sent('DELETE', `/api/assets/${assetId}`)).toMatchObject({ status: 405 });
    for (const path of ['/api/nothing-here', '/api/assets/x/nothing', '/assets/index-gone99.js'])
      expect([path, (await sent('POST', path)).status]).toEqual([path, 404]);

    const preflight = { origin: 'https://evil.example', 'access-control-request-method': 'POST' };
    for (const [path, allow] of [
      ['/api/health', 'GET, HEAD, OPTIONS'],
      ['/api/register-interest', 'POST, OPTIONS'],
      ['/token-offerings', 'GET, HEAD, OPTIONS'],
    ]) {
      const res = await server.api.request('OPTIONS', path!, undefined, preflight);
      expect({ path, status: res.status, allow: res.headers.get('allow') }).toEqual({ path, status: 204, allow });
      expect([...res.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await server.api.request('OPTIONS', '/api/nothing-here')).status).toBe(404);
  });

  it('answers a request Node cannot read (an unknown method) in the app shape, with the security headers', async () => {
    const answer = await new Promise<{ status?: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(new URL('/api/health', server.url), { method: 'FOO' }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
        });
        req.on('error', reject);
        req.end();
      },
    );
    expect([answer.status, JSON.parse(answer.body)]).toEqual([400, { message: MALFORMED_REQUEST }]);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers an address the router cannot read like any refusal: its headers and body, the address not echoed', async () => {
    for (const path of ['/api/assets/%zz', '/api/assets/%E0%A4%A', '/%zz', '/api/audit/streams/%']) {
      const res = await owner.get(path);
      const refusal = { message: MALFORMED_PATH, errors: [{ field: 'path', message: MALFORMED_PATH }] };
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: refusal });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('sends the security headers on every response; HSTS only over TLS', async () => {
    const csp =
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;" +
      "font-src 'self' data:;connect-src 'self';frame-src 'none';frame-ancestors 'none';object-src 'none';" +
      "base-uri 'self';form-action 'self'";
    for (const path of ['/api/health', '/api/assets', '/api/docs']) {
      const { headers } = await server.api.get(path);
      expect(headers.get('content-security-policy')).toBe(csp);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('x-powered-by')).toBeNull();
      expect(headers.get('strict-transport-security')).toBeNull();
    }
    // Through a TLS-terminating proxy on the loopback (trust proxy): HSTS.
    const tls = await server.api.get('/api/health', { 'x-forwarded-proto': 'https' });
    expect(tls.headers.get('strict-transport-security')).toBe(HSTS);
  });

  it('documents the refusals the transfer commands and the tax profile answer', async () => {
    const { paths } = (await server.api.get('/api/docs-json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const statuses = (path: string, method: string) => Object.keys(paths[path]![method]!.responses).sort();
    expect(statuses('/api/transfers', 'post')).toEqual(['201', '400', '401', '404', '409']);
    for (const step of ['accept', 'approve', 'retry', 'abandon'])
      expect([step, statuses(`/api/transfers/{id}/${step}`, 'post')]).toEqual([
        step,
        ['200', '400', '401', '403', '404', '409'],
      ]);
    expect(statuses('/api/transfers/{id}/cancel', 'post')).toEqual(['200', '400', '401', '404', '409']);
    expect(statuses('/api/tax-profile', 'put')).toEqual(['200', '400', '401']);
  });

  it('gives a request a little longer to arrive than an upload gets, and no more', () => {
    const node = server.app.getHttpServer() as Server;
    expect(node.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBeGreaterThan(UPLOAD_TIMEOUTS.totalMs);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(UPLOAD_TIMEOUTS.totalMs + 10_000);
  });

  it("lets Stripe's scripts and frames in only when Stripe is configured", () => {
    expect(contentSecurityPolicy({ stripe: null })['script-src']).toEqual(["'self'"]);
    const prices = { professional: 'p', enterprise: 'e' };
    const stripe = { secretKey: 'sk', publishableKey: 'pk', webhookSecret: 'wh', prices, apiUrl: null };
    const csp = contentSecurityPolicy({ stripe });
    expect(csp['script-src']).toContain('https://js.stripe.com');
    expect(csp['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(csp['connect-src']).toContain('https://api.stripe.com');
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('shutdown', () => {
  it('finishes within a few seconds even with a hung upload; HSTS=true sends HSTS on plain HTTP', async () => {
    const server = await startTestServer({ env: { HSTS: 'true' } });
    const owner = await signUp(server);
    expect((await owner.get('/api/health')).headers.get('strict-transport-security')).toBe(HSTS);
    const agent = new Agent({ keepAlive: true });
    const csrf = owner.cookie('kauri.csrf')!;
    const headers = {
      'content-type': 'application/pdf',
      'content-length': '100000',
      cookie: `kauri.sid=${owner.cookie('kauri.sid')}; kauri.csrf=${csrf}`,
      'x-csrf-token': csrf,
    };
    const hung = new Promise<string>((resolve) => {
      const url = new URL('/api/wholesale-verification/documents', server.url);
      const req = httpRequest(url, { method: 'POST', agent, headers });
      req.on('response', (res) => resolve(`answered ${res.statusCode}`));
      req.on('error', (error) => resolve(`closed: ${error.message}`));
      req.write('%PDF-1.4 and then nothing more');
    });
    await new Promise((r) => setTimeout(r, 200)); // the upload is being received
    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeLessThan(SHUTDOWN_GRACE_MS + 2000);
    expect(await hung).toMatch(/^closed|^answered/);
    agent.destroy();
  }, 30_000);
});
