/**
 * Calls of the generated contract: the URL a call's path and parameters make, and what a call sends — the same
 * request as the untyped client (method, URL, JSON body, CSRF header). The type checks at the end run in the
 * frontend's typecheck: each `@ts-expect-error` line must not compile.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { apiCall, apiGet } from './client';
import { callUrl } from './contract';

interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

const sent: Sent[] = [];

beforeAll(() => {
  Object.assign(globalThis, {
    document: { cookie: 'kauri.csrf=csrf' },
    localStorage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    fetch: async (url: string, init: RequestInit = {}) => {
      sent.push({ method: init.method ?? 'GET', url, headers: new Headers(init.headers), body: init.body });
      return Response.json({ success: true, position: 3 });
    },
  });
});

describe('calls of the generated contract', () => {
  it('fills the path’s parameters, encoded, and adds the defined query parameters', () => {
    expect(callUrl('put', '/api/assets/{id}/investors/{investorId}', { path: { id: 'a/1', investorId: 'i 2' } })).toBe(
      '/api/assets/a%2F1/investors/i%202',
    );
    expect(callUrl('get', '/api/audit/events', { query: { stream: 'asset-1', type: '', after: 0, limit: 50 } })).toBe(
      '/api/audit/events?stream=asset-1&after=0&limit=50',
    );
    expect(callUrl('get', '/api/assets/{id}/cap-table', { path: { id: 'a1' }, query: {} })).toBe(
      '/api/assets/a1/cap-table',
    );
    expect(() => callUrl('post', '/api/assets/{id}/submit', { path: {} as { id: string } })).toThrow(
      '/api/assets/{id}/submit: no value for {id}',
    );
  });

  it('sends what the untyped client sent: method, URL, JSON body and CSRF header; a call without a body sends none', async () => {
    await apiCall('post', '/api/assets/{id}/valuation', {
      path: { id: 'a1' },
      body: { value: 900_000, method: 'owner-estimate' },
    });
    await apiCall('post', '/api/assets/{id}/submit', { path: { id: 'a1' } });
    await apiCall('post', '/api/logout', { body: {} });
    await apiGet('/api/offerings/{id}', { path: { id: 'o1' } });
    expect(sent.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['POST', '/api/assets/a1/valuation', '{"value":900000,"method":"owner-estimate"}'],
      ['POST', '/api/assets/a1/submit', undefined],
      ['POST', '/api/logout', '{}'],
      ['GET', '/api/offerings/o1', undefined],
    ]);
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
    expect(sent[0]!.headers.get('x-csrf-token')).toBe('csrf');
    expect(sent[1]!.headers.get('content-type')).toBeNull();
  });
});

// Compiled, never run: what the contract refuses.
export function refusedByTheContract() {
  // @ts-expect-error: no such call
  void apiCall('post', '/api/no-such-call');
  // @ts-expect-error: the path's {id} is missing
  void apiCall('post', '/api/assets/{id}/submit');
  // @ts-expect-error: the body is missing
  void apiCall('post', '/api/assets/{id}/valuation', { path: { id: 'a1' } });
  // @ts-expect-error: a body of the wrong shape
  void apiCall('post', '/api/assets/{id}/valuation', { path: { id: 'a1' }, body: { value: 'a lot' } });
  // @ts-expect-error: a body where the call takes none
  void apiCall('post', '/api/logout', { body: { everywhere: true } });
  // @ts-expect-error: GET has no such path
  void apiGet('/api/invest', {});
}
