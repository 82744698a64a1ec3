/** The tax profile over HTTP on the real app (memory stores): saved, read back, and every refusal by field. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TAX_PROFILE_MESSAGES as M } from '../../messages.js';
import { startTestServer } from '../../testing/api.js';
import { forget } from '../../testing/forgetting.js';
import { signUp } from '../../testing/users.js';
import { taxProfilesProjection, type TaxProfileDoc } from '../../projections/tax-profiles.js';

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

  it('forgetting a person (Privacy Act 2020) leaves no IRD number, date of birth or bank account in the read model', async () => {
    const person = await signUp(server);
    const saved = await person.put('/api/tax-profile', {
      residency: 'resident',
      irdNumber: '136410132',
      rwtRate: '33',
      dateOfBirth: '1980-01-31',
      bankAccount: '01-0902-0068389-00',
    });
    expect(saved.status).toBe(200);
    const profiles = server.readStore.collection<TaxProfileDoc>(taxProfilesProjection.name);
    await server.engine.waitFor(saved.body.position, [taxProfilesProjection.name], 5_000);
    expect(await profiles.get(person.user.id)).toMatchObject({
      irdNumber: '136410132',
      bankAccount: '0109020068389000',
    });
    const staff = await signUp(server, { compliance: true });
    const forgotten = await forget(staff, person.user.id);
    expect(forgotten.status).toBe(200);
    expect(forgotten.body.rebuilding).toContain(taxProfilesProjection.name);
    for (let i = 0; i < 100 && (await profiles.get(person.user.id))?.irdNumber; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await profiles.get(person.user.id)).toMatchObject({
      residency: 'resident',
      irdNumber: null,
      dateOfBirth: null,
      bankAccount: null,
    });
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
    const born = await investor.put('/api/tax-profile', { residency: 'non-resident', dateOfBirth: '1990-13-01' });
    expect([born.status, born.body.errors]).toEqual([400, [{ field: 'dateOfBirth', message: M.dateOfBirth }]]);
    const old = await investor.put('/api/tax-profile', { residency: 'resident', dateOfBirth: '1800-01-01' });
    expect([old.status, old.body.errors]).toEqual([400, [{ field: 'dateOfBirth', message: M.dateOfBirthTooOld }]]);
    const young = await investor.put('/api/tax-profile', { residency: 'resident', dateOfBirth: '2015-01-01' });
    expect([young.status, young.body.errors]).toEqual([
      400,
      [{ field: 'dateOfBirth', message: M.dateOfBirthTooYoung }],
    ]);
    const account = await investor.put('/api/tax-profile', {
      residency: 'resident',
      bankAccount: '99-9999-9999999-999',
    });
    expect([account.status, account.body.errors]).toEqual([
      400,
      [{ field: 'bankAccount', message: M.bankAccountInvalid }],
    ]);
    const residency = await investor.put('/api/tax-profile', { residency: 'elsewhere' });
    expect(residency.body.errors).toEqual([{ field: 'residency', message: M.residency }]);
    expect((await investor.get('/api/tax-profile')).body.saved).toBe(false);
  });
});
