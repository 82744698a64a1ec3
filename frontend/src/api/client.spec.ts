/**
 * The api client's read-your-writes on Node's own fetch, Headers and Response: a fake `fetch` records each
 * request and answers it; `document.cookie` and `localStorage` are the few browser pieces the client reads.
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { apiRequest, ApiError, download, getJson, getJsonAlsoOn, getQueryFn, readHeaders, uploadFile } from './client';

interface Sent {
  method: string;
  url: string;
  headers: Headers;
}

const sent: Sent[] = [];
let answer: () => Response = () => Response.json({});

beforeAll(() => {
  const store = new Map<string, string>();
  Object.assign(globalThis, {
    document: { cookie: 'kauri.csrf=csrf%20token' },
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    },
    fetch: async (url: string, init: RequestInit = {}) => {
      sent.push({ method: init.method ?? 'GET', url, headers: new Headers(init.headers) });
      return answer();
    },
  });
});

afterEach(() => {
  sent.length = 0;
  answer = () => Response.json({});
});

const lastRead = () => sent.filter((request) => request.method === 'GET').at(-1)!;
const readAfter = () => lastRead().headers.get('x-read-after');
const queryFn = getQueryFn<unknown>({ on401: 'throw' });
const runQuery = (url: string) =>
  queryFn({ queryKey: [url], signal: new AbortController().signal, meta: undefined } as never);

// One module-wide memory of writes: the tests below run in order and build on each other.
describe('the api client’s read-your-writes', () => {
  it('sends no X-Read-After before this tab has written anything', async () => {
    await runQuery('/api/assets');
    expect(readAfter()).toBeNull();
    expect(lastRead().headers.get('x-csrf-token')).toBeNull();
  });

  it('after a write, every kind of read carries the write’s position', async () => {
    answer = () => Response.json({ id: 'a1', position: 12 });
    await apiRequest('POST', '/api/assets', { name: 'Harbour View' });
    const write = sent.at(-1)!;
    expect(write.headers.get('x-read-after')).toBeNull();
    expect(write.headers.get('x-csrf-token')).toBe('csrf token');

    answer = () => Response.json([]);
    await runQuery('/api/assets');
    expect(readAfter()).toBe('12');
    await getJson('/api/audit/events?limit=50');
    expect(readAfter()).toBe('12');
    await apiRequest('GET', '/api/auth/config');
    expect(readAfter()).toBe('12');
    await download(
      '/api/audit/export',
      () => undefined,
      () => null,
    );
    expect(readAfter()).toBe('12');
    expect(readHeaders().get('x-read-after')).toBe('12');
  });

  it('keeps the highest position: a later write raises it, an answer without one or a refusal leaves it', async () => {
    answer = () => Response.json({ success: true, position: 30 });
    await apiRequest('POST', '/api/subscription/cancel', {});
    answer = () => Response.json({ tier: 'starter', setupFee: 0 });
    await apiRequest('POST', '/api/pricing/calculate', { assetValue: 1, tier: 'starter' });
    answer = () => Response.json({ message: 'Nothing to cancel', position: 99 }, { status: 409 });
    await expect(apiRequest('POST', '/api/subscription/cancel', {})).rejects.toBeInstanceOf(ApiError);
    answer = () => Response.json({ position: 18 });
    await apiRequest('PUT', '/api/assets/a1/token', {});

    answer = () => Response.json({});
    await runQuery('/api/billing');
    expect(readAfter()).toBe('30');
  });

  it('a GET answer’s own position (a read model’s document) is not a write', async () => {
    answer = () => Response.json({ position: 500 });
    await apiRequest('GET', '/api/audit/subjects/u1');
    await runQuery('/api/billing');
    expect(readAfter()).toBe('30');
  });

  it('an upload’s answer counts as a write too', async () => {
    class FakeUpload {
      status = 0;
      responseText = '';
      upload: { onprogress?: unknown } = {};
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      withCredentials = false;
      open() {}
      setRequestHeader() {}
      send() {
        this.status = 201;
        this.responseText = JSON.stringify({ document: { id: 'd1' }, position: 41 });
        this.onload?.();
      }
    }
    Object.assign(globalThis, { XMLHttpRequest: FakeUpload });
    await uploadFile('/api/assets/a1/documents/property-deed', new Blob(['%PDF']), () => undefined);
    await runQuery('/api/assets/a1');
    expect(readAfter()).toBe('41');
  });

  it('a sign-in’s position goes with the next requests, writes included: any replica then knows the session', async () => {
    answer = () => Response.json({ id: 'u1', email: 'a@example.nz', roles: [], position: 57 });
    await apiRequest('POST', '/api/login', { email: 'a@example.nz', password: 'correct horse battery' });
    answer = () => Response.json({ id: 'a2', position: 58 });
    await apiRequest('POST', '/api/assets', { name: 'Harbour View' });
    expect(sent.at(-1)!.headers.get('x-read-after')).toBe('57');
    answer = () => Response.json({});
    await runQuery('/api/user');
    expect(readAfter()).toBe('58');
  });

  it('a sign-out’s and an external sign-in’s positions count as well', async () => {
    answer = () => Response.json({ success: true, position: 60 });
    await apiRequest('POST', '/api/logout', {});
    answer = () => Response.json({ user: { id: 'u1' }, token: 't', expires_in: 3600, position: 61 });
    await apiRequest('POST', '/api/auth/callback', { code: 'c', state: 's', redirect_uri: 'http://x' });
    await runQuery('/api/user');
    expect(readAfter()).toBe('61');
  });
});

describe('getJsonAlsoOn', () => {
  it('answers the body of a listed error status (a replica that is not ready says why) and throws on others', async () => {
    answer = () =>
      Response.json(
        { status: 'degraded', ready: false, reasons: ['Read store (mongodb) is not answering'] },
        { status: 503 },
      );
    await expect(getJsonAlsoOn('/api/health', [503])).resolves.toEqual({
      status: 'degraded',
      ready: false,
      reasons: ['Read store (mongodb) is not answering'],
    });
    answer = () => Response.json({ message: 'Internal server error' }, { status: 500 });
    await expect(getJsonAlsoOn('/api/health', [503])).rejects.toBeInstanceOf(ApiError);
  });
});
