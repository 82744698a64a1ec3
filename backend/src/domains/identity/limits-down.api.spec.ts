/**
 * The attempt limits' store is down (its database unreachable): each limit fails the way the identity README says —
 * closed (503, never unlimited) for sign-in, registration, password reset and e-mail confirmation; open for
 * registrations of interest.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemoryCountedWindows } from '../../platform/limits/counted-windows.js';
import { LIMITS_UNAVAILABLE } from '../../platform/rate-limit.js';
import { Api, startTestServer } from '../../testing/api.js';
import { interestForm } from '../../testing/fixtures.js';
import { TEST_PASSWORD } from '../../testing/users.js';

/** Every count fails, as with the database gone. */
class DownWindows extends MemoryCountedWindows {
  override async hit(): Promise<number[]> {
    throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
  }
  override async hits(): Promise<number[]> {
    throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
  }
}

describe('attempt limits whose store is down', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ countedWindows: new DownWindows() });
  });
  afterAll(() => server?.close());

  it('refuses password sign-in, registration, password reset and e-mail confirmation with 503 and Retry-After', async () => {
    const api = new Api(server.url);
    for (const [path, body] of [
      ['/api/login', { email: 'someone@example.nz', password: TEST_PASSWORD }],
      ['/api/register', { email: 'someone@example.nz', password: TEST_PASSWORD }],
      ['/api/password-reset/request', { email: 'someone@example.nz' }],
      ['/api/password-reset', { token: 'a-link-token', password: TEST_PASSWORD }],
      ['/api/email-verification', { token: 'a-link-token' }],
    ] as const) {
      const res = await api.post(path, body);
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 503,
        body: { message: LIMITS_UNAVAILABLE, title: 'Temporarily Unavailable' },
      });
      expect(res.headers.get('retry-after')).toBe('60');
    }
  });

  it('lets a registration of interest through (its limit fails open)', async () => {
    const res = await new Api(server.url).post('/api/register-interest', interestForm({ email: 'open@example.nz' }));
    expect(res.status).toBe(201);
  });
});
