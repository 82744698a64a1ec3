/**
 * Read-your-writes at the edge (platform/http/read-your-writes.ts): with `X-Read-After`, any route answers only
 * once the read models have passed the client's last write; without it, at once with what is there.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer } from '../../testing/api.js';
import { subscribe } from '../../testing/billing.js';
import { samplePdf } from '../../testing/pdf.js';
import { signUp } from '../../testing/users.js';
import { DomainError } from '../errors.js';
import { MALFORMED_READ_AFTER, readAfterOf } from './read-your-writes.js';

describe('read-your-writes', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('holds a request with X-Read-After until the read models have passed it; without it, answers at once', async () => {
    const owner = await signUp(server);
    await subscribe(owner, 'enterprise');
    const asset = { name: 'Lag House', description: 'Four flats', assetType: 'property', totalValue: 500_000 };
    const drafted = await owner.post('/api/assets', { ...asset, tokenCount: 100 });
    expect(drafted.status).toBe(201);
    const id = drafted.body.id as string;

    // The read models stop following the log: the next write is in the log but not yet in any read model.
    await server.engine.stop();
    const uploaded = await owner.putBytes(`/api/assets/${id}/documents/property-deed`, samplePdf());
    expect(uploaded.status).toBe(200);
    const position = String(uploaded.body.position);

    // A position the read models have passed: answered at once, with what is there.
    const stale = await owner.get(`/api/assets/${id}`, { 'x-read-after': '1' });
    expect(stale.body.documents).toEqual([]);

    let answered = false;
    const fresh = owner.get(`/api/assets/${id}`, { 'x-read-after': position }).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    await server.engine.start();
    expect((await fresh).body.documents).toEqual([expect.objectContaining({ kind: 'property-deed' })]);
  });

  it('refuses a malformed X-Read-After with 400 naming the header; past the head, answers at once and says so', async () => {
    const owner = await signUp(server);
    const refusal = {
      message: MALFORMED_READ_AFTER,
      errors: [{ field: 'X-Read-After', message: MALFORMED_READ_AFTER }],
    };
    for (const value of ['abc', '-1', '007', '1.5', '1e999', '0x10', '5, 6', '', '9007199254740993']) {
      const res = await owner.get('/api/user', { 'x-read-after': value });
      expect({ value, status: res.status, body: res.body }).toEqual({ value, status: 400, body: refusal });
    }
    const head = await server.eventStore.headPosition();
    const reached = await owner.get('/api/user', { 'x-read-after': String(head) });
    expect([reached.status, reached.headers.get('x-read-after-unmet')]).toEqual([200, null]);
    // Answered at once (it says so rather than wait for a position no write here gave), and 0 waits for nothing.
    const past = await owner.get('/api/user', { 'x-read-after': String(head + 1000) });
    expect([past.status, past.headers.get('x-read-after-unmet')]).toEqual([200, 'past-head']);
    const nothing = await owner.get('/api/user', { 'x-read-after': '0' });
    expect([nothing.status, nothing.headers.get('x-read-after-unmet')]).toEqual([200, null]);
  });

  it('reads the header only: a whole number in decimal digits, else a refusal', () => {
    const of = (value?: string) =>
      readAfterOf({ headers: value === undefined ? {} : { 'x-read-after': value } } as never);
    expect([of('42'), of('0')]).toEqual([42, 0]);
    expect(of(undefined)).toBeNull();
    for (const odd of ['', '00', '-3', '1.5', 'abc', '1e400', '9007199254740993', '0x10', '5, 6'])
      expect(of(odd)).toBeInstanceOf(DomainError);
  });
});
