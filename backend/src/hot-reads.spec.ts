/**
 * HotReads on a bare node:http server with stand-in sources: what it answers itself writes the request log's
 * line (as the Nest path's `onResponse` hook does), and what it hands on reaches the server's own handler unchanged.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HotReads } from './hot-reads.js';
import type { RequestLine } from './platform/logging.js';

describe('HotReads', () => {
  let server: Server;
  let url: string;
  const lines: RequestLine[] = [];
  const handedOn: string[] = [];
  let signedIn = true;
  const hot = new HotReads({
    earlyAccess: async () => ({ bytes: Buffer.from('{"placesLeft":3}'), etag: '"tag"' }),
    signedInAtOnce: async () =>
      signedIn ? { actor: { kind: 'user', userId: 'u1', roles: [] }, via: 'cookie', token: 't', tokenHash: 'h' } : null,
    holdings: async (userId) => Buffer.from(JSON.stringify({ holdings: [{ investorId: userId }] })),
    securityHeaders: { 'x-frame-options': 'DENY' },
    log: (line) => lines.push(line),
  });

  beforeAll(async () => {
    server = createServer((req, res) => {
      handedOn.push(`${req.method} ${req.url}`);
      res.writeHead(418).end();
    });
    hot.install(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers a plain read itself and logs it as the request log does', async () => {
    const res = await fetch(`${url}/api/early-access`, { headers: { 'x-correlation-id': 'reads-abc-123' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"placesLeft":3}');
    expect(res.headers.get('etag')).toBe('"tag"');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(lines.at(-1)).toEqual({
      correlationId: 'reads-abc-123',
      method: 'GET',
      url: '/api/early-access',
      status: 200,
      responseTime: expect.any(Number),
    });
    const holdings = await fetch(`${url}/api/holdings`, { headers: { cookie: 'kauri.sid=x' } });
    expect(await holdings.json()).toEqual({ holdings: [{ investorId: 'u1' }] });
    expect(lines.at(-1)).toMatchObject({ url: '/api/holdings', status: 200 });
    expect(handedOn).toEqual([]);
  });

  it('hands on, unanswered and unlogged, what is not plain or whose session it cannot settle', async () => {
    const logged = lines.length;
    signedIn = false;
    const statuses = [
      (await fetch(`${url}/api/holdings`, { headers: { cookie: 'kauri.sid=x' } })).status,
      (await fetch(`${url}/api/early-access?x=1`)).status,
      (await fetch(`${url}/api/early-access`, { method: 'HEAD' })).status,
      (await fetch(`${url}/api/early-access`, { headers: { 'x-read-after': '5' } })).status,
    ];
    signedIn = true;
    hot.enabled = false;
    statuses.push((await fetch(`${url}/api/early-access`)).status);
    hot.enabled = true;
    expect(statuses).toEqual([418, 418, 418, 418, 418]);
    expect(handedOn).toEqual([
      'GET /api/holdings',
      'GET /api/early-access?x=1',
      'HEAD /api/early-access',
      'GET /api/early-access',
      'GET /api/early-access',
    ]);
    expect(lines.length).toBe(logged);
  });
});
