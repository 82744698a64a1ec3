/**
 * Read-your-writes at the edge (platform/http/read-your-writes.ts): with `X-Read-After`, any route answers only
 * once the read models have passed the client's last write; without it, at once with what is there.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer } from '../../testing/api.js';
import { subscribe } from '../../testing/billing.js';
import { samplePdf } from '../../testing/pdf.js';
import { signUp } from '../../testing/users.js';
import { readAfterOf } from './read-your-writes.js';

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

    const stale = await owner.get(`/api/assets/${id}`, { 'x-read-after': '' });
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

  it('reads the header only: a positive whole number, else nothing to wait for', () => {
    const of = (value?: string) =>
      readAfterOf({ headers: value === undefined ? {} : { 'x-read-after': value } } as never);
    expect(of('42')).toBe(42);
    for (const odd of [undefined, '', '0', '-3', '1.5', 'abc', '1e400', '9007199254740993']) expect(of(odd)).toBeNull();
  });
});
