/** The tax profile over HTTP on the real app (memory stores): saved, read back, and every refusal by field. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TAX_PROFILE_MESSAGES as M } from '../../messages.js';
import { startTestServer } from '../../testing/api.js';
import { signUp } from '../../testing/users.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe('tax profile API (memory stores)', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('starts as a resident without an IRD number, then keeps what is saved', async () => {
    const investor = await signUp(server);
    expect((await investor.get('/api/tax-profile')).body).toMatchObject({
      saved: false,
      residency: 'resident',
      irdNumber: null,
    });
    const saved = await investor.put('/api/tax-profile', {
      residency: 'resident',
      irdNumber: '49-091-850',
      rwtRate: '30',
      dateOfBirth: '1975-06-01',
    });
    expect(saved.status).toBe(200);
    const read = await investor.get('/api/tax-profile', { 'x-read-after': String(saved.body.position) });
    expect(read.body).toMatchObject({ saved: true, irdNumber: '049091850', rwtRate: '30', dateOfBirth: '1975-06-01' });
    expect((await server.api.get('/api/tax-profile')).status).toBe(401);
  });

  it('refuses a wrong check digit, a missing rate, a bad country, naming each field', async () => {
    const investor = await signUp(server);
    const wrong = await investor.put('/api/tax-profile', {
      residency: 'resident',
      irdNumber: '136410133',
      rwtRate: '30',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'irdNumber', message: M.irdNumber }]);
    const noRate = await investor.put('/api/tax-profile', { residency: 'resident', irdNumber: '136410132' });
    expect(noRate.body.errors).toEqual([{ field: 'rwtRate', message: M.rwtRate }]);
    const country = await investor.put('/api/tax-profile', { residency: 'non-resident', treatyCountry: 'Britain' });
    expect(country.body.errors).toEqual([{ field: 'treatyCountry', message: M.treatyCountry }]);
    const residency = await investor.put('/api/tax-profile', { residency: 'elsewhere' });
    expect(residency.body.errors).toEqual([{ field: 'residency', message: M.residency }]);
    expect((await investor.get('/api/tax-profile')).body.saved).toBe(false);
  });
});
