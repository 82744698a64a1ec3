/**
 * Kauri issue 14: ids such as `constructor`, `__proto__` or `toString` used to be found on the offering's
 * plain-object table of pending investments, so an admin's confirm or cancel of one recorded an event with
 * no tokens — and a 10-token offering then sold thousands. Now every path id is checked at the edge (400),
 * the decider keeps its table in a Map, and no event reaches the log without fitting its schema.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import { offeringFor, verifiedInvestor } from '../../testing/offerings.js';
import { samplePdf } from '../../testing/pdf.js';
import { signUp } from '../../testing/users.js';
import { INVESTMENT_NOT_FOUND } from './offering.decider.js';

const AWKWARD = ['constructor', '__proto__', 'toString'];
const invalid = (field: string) => ({ message: 'Invalid id', errors: [{ field, message: 'Invalid id' }] });

describe('ids from outside never corrupt the log', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin: Api;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    admin = await signUp(server, { admin: true });
  });
  afterAll(() => server.close());

  it('confirming or cancelling investment constructor, __proto__ or toString: 400, nothing appended', async () => {
    const { offeringId } = await offeringFor(server, admin, 10, '10000.00');
    const investor = await verifiedInvestor(server, admin);
    // 10 tokens × NZD 10,000 = NZD 100,000: pending until staff confirm or cancel it, and reserving all 10.
    const pending = await investor.post('/api/invest', { offeringId, tokensRequested: 10, investmentAmount: 100_000 });
    expect(pending.body).toMatchObject({ success: true, status: 'pending' });

    const head = await server.eventStore.headPosition();
    for (const id of AWKWARD) {
      const confirm = await admin.post(`/api/admin/investments/${offeringId}/${id}/confirm`);
      expect([confirm.status, confirm.body]).toEqual([400, invalid('investmentId')]);
      const cancel = await admin.post(`/api/admin/investments/${offeringId}/${id}/cancel`, { reason: 'No funds' });
      expect([cancel.status, cancel.body]).toEqual([400, invalid('investmentId')]);
      const inOffering = await admin.post(`/api/admin/investments/${id}/${pending.body.id}/confirm`);
      expect([inOffering.status, inOffering.body]).toEqual([400, invalid('offeringId')]);
    }
    // A well-formed id of no investment in the offering is the decider's own refusal: not found.
    const stranger = crypto.randomUUID();
    const unknown = await admin.post(`/api/admin/investments/${offeringId}/${stranger}/cancel`, { reason: 'No funds' });
    expect([unknown.status, unknown.body.message]).toEqual([404, INVESTMENT_NOT_FOUND]);
    expect(await server.eventStore.headPosition()).toBe(head);

    // Every read model is still live.
    const health = (await server.ops.get('/api/health')).body;
    expect(health.status).toBe('ok');
    expect(health.projections.filter((p: { status: string }) => p.status !== 'live')).toEqual([]);

    // And the offering of 10 tokens still sells 10 at most.
    const more = await investor.post('/api/invest', { offeringId, tokensRequested: 1, investmentAmount: 10_000 });
    expect([more.status, more.body.message]).toEqual([409, 'This offering is fully subscribed']);
    const real = `/api/admin/investments/${offeringId}/${pending.body.id}`;
    const cancelled = await admin.post(`${real}/cancel`, { reason: 'No funds' });
    expect(cancelled.status).toBe(200);
    const one = () => investor.post('/api/invest', { offeringId, tokensRequested: 1, investmentAmount: 10_000 });
    const bought = await Promise.all(Array.from({ length: 12 }, one));
    expect(bought.filter((r) => r.status === 201)).toHaveLength(10);
    const position = Math.max(...bought.map((r) => r.body.position ?? 0));
    const offering = (await admin.get('/api/offerings', { 'x-read-after': String(position) })).body.offerings.find(
      (o: { id: string }) => o.id === offeringId,
    );
    // One investor's NZD 10,000 each are linked: the tenth brings them to NZD 100,000 and waits for staff.
    expect(offering).toMatchObject({ totalTokens: 10, tokensIssued: 9, tokensReserved: 1, fundsRaised: '90000.00' });
  }, 120_000);

  it('every route with an id in its path refuses a malformed one with 400 before anything runs', async () => {
    const head = await server.eventStore.headPosition();
    const uuid = crypto.randomUUID();
    const routes: [method: 'GET' | 'POST' | 'PUT', path: (id: string) => string, field: string][] = [
      ['GET', (id) => `/api/assets/${id}`, 'id'],
      ['PUT', (id) => `/api/assets/${id}/documents/property-deed`, 'id'],
      ['GET', (id) => `/api/assets/${uuid}/documents/${id}`, 'documentId'],
      ['POST', (id) => `/api/assets/${id}/valuation`, 'id'],
      ['PUT', (id) => `/api/assets/${id}/token`, 'id'],
      ['POST', (id) => `/api/assets/${id}/submit`, 'id'],
      ['POST', (id) => `/api/assets/${id}/investors`, 'id'],
      ['GET', (id) => `/api/assets/${id}/cap-table.csv`, 'id'],
      ['GET', (id) => `/api/assets/${id}/pds.pdf`, 'id'],
      ['POST', (id) => `/api/admin/assets/${id}/approve`, 'id'],
      ['POST', (id) => `/api/admin/assets/${id}/return`, 'id'],
      ['POST', (id) => `/api/admin/offerings/${id}/close`, 'id'],
      ['POST', (id) => `/api/admin/investments/${id}/${uuid}/confirm`, 'offeringId'],
      ['POST', (id) => `/api/admin/investments/${uuid}/${id}/cancel`, 'investmentId'],
      ['GET', (id) => `/api/wholesale-verification/documents/${id}`, 'id'],
      ['PUT', (id) => `/api/admin/wholesale-verification/${id}`, 'id'],
      ['POST', (id) => `/api/compliance-reviews/${id}/checks/aml`, 'ownerId'],
      ['GET', (id) => `/api/audit/streams/${id}/state`, 'streamId'],
      ['GET', (id) => `/api/audit/subjects/${id}`, 'subjectId'],
      ['POST', (id) => `/api/audit/subjects/${id}/forget`, 'subjectId'],
    ];
    for (const [method, path, field] of routes) {
      for (const id of [...AWKWARD, 'hasOwnProperty', uuid.toUpperCase()]) {
        // The upload route is sent a file: any other body is refused at the edge already (edge.api.spec).
        const upload = method === 'PUT' && path(id).includes('/documents/');
        const res = upload
          ? await admin.putBytes(path(id), samplePdf())
          : await admin.request(method, path(id), method === 'GET' ? undefined : {});
        expect({ route: `${method} ${path(id)}`, status: res.status, body: res.body }).toEqual({
          route: `${method} ${path(id)}`,
          status: 400,
          body: invalid(field),
        });
      }
    }
    expect(await server.eventStore.headPosition()).toBe(head);
  }, 120_000);
});
