import { INTEREST_REGISTER_STREAM } from './decider.js';
import { interestForm } from '../../testing/fixtures.js';
import { startTestServer } from '../../testing/api.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe('POST /api/register-interest (real app, memory stores)', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('registers, answers with the number, the waiver and the position, and the read model follows', async () => {
    const res = await server.api.post('/api/register-interest', interestForm());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ number: 1, feeWaived: true, registrationId: expect.any(String), position: expect.any(Number) });
    const places = await server.api.get('/api/early-access', { 'x-read-after': String(res.body.position) });
    expect(places.body).toEqual({ waivedPlaces: 100, placesLeft: 99, registrations: 1 });
    const [event] = await server.eventStore.readStream(INTEREST_REGISTER_STREAM);
    expect(event!.metadata.correlationId).toBe(res.headers.get('x-correlation-id'));
  });

  it('uses the correlation id a client sends, in the response and in the event metadata', async () => {
    const res = await server.api.post('/api/register-interest', interestForm(), { 'x-correlation-id': 'client-corr-12345' });
    expect(res.headers.get('x-correlation-id')).toBe('client-corr-12345');
    const [event] = await server.eventStore.readStream(INTEREST_REGISTER_STREAM);
    expect(event!.metadata).toMatchObject({ correlationId: 'client-corr-12345', actor: { kind: 'anonymous' } });
  });

  it("answers an empty form with 400 and all thirteen of the spec's messages, and appends nothing", async () => {
    const res = await server.api.post('/api/register-interest', {});
    expect(res.status).toBe(400);
    const messages = Object.fromEntries(res.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
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
    const malformed = await server.api.request('POST', '/api/register-interest', '{"firstName":', { 'content-type': 'application/json' });
    expect(malformed).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON' } });
    expect((await server.api.post('/api/register-interest', interestForm())).status).toBe(201);
    const again = await server.api.post('/api/register-interest', interestForm({ email: 'AROHA@example.co.nz' }));
    expect(again).toMatchObject({ status: 409, body: { message: 'This email address has already registered interest.' } });
    expect(await server.eventStore.headPosition()).toBe(1);
  });

  it('300 concurrent registrations on a fresh store: exactly 100 waived, numbers 1..300 without gaps or duplicates', async () => {
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) => server.api.post('/api/register-interest', interestForm({ email: `investor${i}@example.nz` }))),
    );
    expect(responses.every((r) => r.status === 201)).toBe(true);
    const numbers = responses.map((r) => r.body.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(responses.filter((r) => r.body.feeWaived)).toHaveLength(100);
    expect(responses.filter((r) => r.body.feeWaived).every((r) => r.body.number <= 100)).toBe(true);
    const last = Math.max(...responses.map((r) => r.body.position as number));
    expect((await server.api.get('/api/early-access', { 'x-read-after': String(last) })).body).toEqual({ waivedPlaces: 100, placesLeft: 0, registrations: 300 });
  });

  it('serves health with each store and projection, and the OpenAPI document', async () => {
    await server.api.post('/api/register-interest', interestForm());
    const health = await server.api.get('/api/health');
    expect(health.body).toMatchObject({ status: 'ok', eventStore: { ok: true, kind: 'memory' }, readStore: { ok: true, kind: 'memory' } });
    expect(health.body.projections).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'early-access', checkpoint: 1, lag: 0 })]));
    const docs = await server.api.get('/api/docs-json');
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.paths)).toEqual(expect.arrayContaining(['/api/register-interest', '/api/early-access', '/api/health']));
  });
});
