/**
 * The audit history over HTTP on the real app: only compliance staff and admins read it, every read that
 * succeeds is recorded (and only those), filters and the chain of one request, an aggregate at a past moment,
 * streamed exports, the tamper check, and forgetting a person — refused while AML/CFT record keeping applies.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Api, startTestServer } from '../../testing/api.js';
import { interestForm } from '../../testing/fixtures.js';
import { forget } from '../../testing/forgetting.js';
import { offeringFor, submittedAsset } from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';
import { FORGET_SELF, stillCustomerRefusal } from './audit.decider.js';

describe('audit API', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let staff: Api & { user: { id: string } };
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    staff = await signUp(server, { compliance: true });
  });
  afterAll(() => server.close());

  it('is for compliance staff and admins only, and records every read as AuditViewed', async () => {
    const plain = await signUp(server);
    expect((await plain.get('/api/audit/events')).status).toBe(403);
    expect((await server.api.get('/api/audit/events')).status).toBe(401);
    expect((await staff.get('/api/audit/events?from=yesterday')).body.message).toContain('Times must be ISO-8601');

    const page = await staff.get('/api/audit/events?type=UserRegistered&limit=500');
    expect(page.status).toBe(200);
    const mine = page.body.events.find((e: { data: { userId: string } }) => e.data.userId === plain.user.id);
    expect(mine).toMatchObject({
      streamId: `user-${plain.user.id}`,
      data: { personal: { email: plain.user.email } },
      metadata: { actor: { kind: 'anonymous' }, correlationId: expect.any(String) },
    });

    // Recorded once the read has produced its answer: this read of the trail is not in its own answer.
    const views = (await staff.get(`/api/audit/events?stream=audit-${staff.user.id}&limit=500`)).body.events;
    expect(views.map((e: { type: string }) => e.type)).toEqual(['AuditViewed']);
    expect(views[0].data).toEqual({ viewerId: staff.user.id, view: 'timeline', query: { type: 'UserRegistered' } });
    expect(views[0].metadata.actor).toMatchObject({ kind: 'user', userId: staff.user.id });
    expect((await server.eventStore.readStream(`audit-${staff.user.id}`)).map((e) => e.data)).toEqual([
      views[0].data,
      { viewerId: staff.user.id, view: 'timeline', query: { stream: `audit-${staff.user.id}` } },
    ]);
  });

  it('records a read only when it succeeded: a refused or failed read appends nothing', async () => {
    const viewer = await signUp(server, { compliance: true });
    const session = { headers: { cookie: `kauri.sid=${viewer.cookie('kauri.sid')}` } };
    const trail = async () => (await server.eventStore.readStream(`audit-${viewer.user.id}`)).map((e) => e.data);
    const plain = await signUp(server);
    expect((await plain.get('/api/audit/export?format=csv')).status).toBe(403);
    expect(await server.eventStore.readStream(`audit-${plain.user.id}`)).toEqual([]);

    expect((await viewer.get('/api/audit/events?type=not-a-type')).status).toBe(400);
    expect((await viewer.get('/api/audit/events?limit=501')).status).toBe(400);
    expect((await viewer.get('/api/audit/export?format=xml')).status).toBe(400);
    const nobody = 'asset-00000000-0000-0000-0000-000000000000';
    const unknown = await viewer.get(`/api/audit/streams/${nobody}/state?at=2026-11-01T00:00:00Z`);
    expect(unknown).toMatchObject({ status: 404, body: { message: 'No events are recorded on this stream' } });

    // The store fails mid-read: a 500 (nothing leaves) and no record of a view that never happened.
    const failing = () => jest.spyOn(server.eventStore, 'readAll').mockRejectedValueOnce(new Error('disk on fire'));
    failing();
    expect((await viewer.get('/api/audit/events')).status).toBe(500);
    failing();
    expect((await viewer.get('/api/audit/correlation/some-request')).status).toBe(500);
    failing();
    const exported = await fetch(`${server.url}/api/audit/export?format=json`, session);
    expect(exported.status).toBe(500);
    expect(exported.headers.get('content-disposition')).toBeNull();
    expect(await trail()).toEqual([]);

    // A successful export is recorded once, when its stream has started.
    const csv = await fetch(`${server.url}/api/audit/export?format=csv&type=UserRegistered`, session);
    expect(csv.status).toBe(200);
    await csv.text();
    const query = { type: 'UserRegistered', format: 'csv' };
    expect(await trail()).toEqual([{ viewerId: viewer.user.id, view: 'export', query }]);
  });

  it('filters by acting user and time, pages by position, and shows the chain one request caused', async () => {
    const owner = await signUp(server);
    const byOwner = (await staff.get(`/api/audit/events?actor=${owner.user.id}`)).body.events;
    expect(byOwner.length).toBeGreaterThan(0);
    expect(
      byOwner.every((e: { metadata: { actor: { userId: string } } }) => e.metadata.actor.userId === owner.user.id),
    ).toBe(true);
    expect((await staff.get('/api/audit/events?to=2000-01-01T00:00:00Z')).body.events).toEqual([]);

    const first = (await staff.get('/api/audit/events?limit=2')).body;
    expect(first.events).toHaveLength(2);
    const second = (await staff.get(`/api/audit/events?limit=2&after=${first.next}`)).body;
    expect(second.events[0].position).toBeGreaterThan(first.events[1].position);
    // A position is a safe integer in decimal: beyond it PostgreSQL's bigint refused the query (a 500), and "0x10"
    // was read as 16.
    for (const after of ['1e20', '99999999999999999999', '0x10', '-1'])
      expect({ after, status: (await staff.get(`/api/audit/events?after=${after}`)).status }).toEqual({
        after,
        status: 400,
      });

    const registered = await server.api.post(
      '/api/register',
      { email: 'chain@example.nz', password: 'a long enough password', firstName: 'Chain' },
      { 'x-correlation-id': 'audit-chain-0001' },
    );
    expect(registered.status).toBe(201);
    const chain = (await staff.get('/api/audit/correlation/audit-chain-0001')).body.events;
    expect(chain.map((e: { type: string }) => e.type)).toEqual([
      'EmailReserved',
      'UserRegistered',
      // The link to confirm the address, mailed in the same request (the outbox's intent and outcome).
      'EmailVerificationRequested',
      'EmailVerificationMailSent',
      'UserSignedIn',
      'SessionStarted',
    ]);
  });

  it('filters by e-mail through the keyed index, records the id and never the address, and names people and streams', async () => {
    const aroha = await signUp(server, { email: 'Aroha.Ngata@Example.nz', firstName: 'Aroha', lastName: 'Ngata' });
    const viewer = await signUp(server, { compliance: true });
    const byEmail = await viewer.get('/api/audit/events?actor=%20aroha.ngata@example.NZ%20');
    expect(byEmail.status).toBe(200);
    const { events, names } = byEmail.body;
    expect(events.length).toBeGreaterThan(0);
    const actors = new Set(events.map((e: { metadata: { actor: { userId?: string } } }) => e.metadata.actor.userId));
    expect([...actors]).toEqual([aroha.user.id]);
    expect(names.people[aroha.user.id]).toEqual({ name: 'Aroha Ngata', forgotten: false });
    expect(names.streams[`user-${aroha.user.id}`]).toBe('Account · Aroha Ngata');

    // The read is recorded with the account's id: the address never reaches the log outside sealed personal data.
    const [view] = (await server.eventStore.readStream(`audit-${viewer.user.id}`)).map((e) => e.data);
    expect(view).toEqual({ viewerId: viewer.user.id, view: 'timeline', query: { actor: aroha.user.id } });
    const trail = JSON.stringify(await server.eventStore.readStream(`audit-${viewer.user.id}`));
    expect(trail.toLowerCase()).not.toContain('aroha.ngata@example.nz');

    // An address no account holds: refused with the field's message, and nothing recorded.
    const nobody = await viewer.get('/api/audit/events?actor=nobody@example.nz');
    expect(nobody).toMatchObject({
      status: 404,
      body: { message: 'No account uses this e-mail address', errors: [{ field: 'actor' }] },
    });
    expect(await server.eventStore.readStream(`audit-${viewer.user.id}`)).toHaveLength(1);
    const exported = await fetch(`${server.url}/api/audit/export?format=json&actor=aroha.ngata@example.nz`, {
      headers: { cookie: `kauri.sid=${viewer.cookie('kauri.sid')}` },
    });
    expect(((await exported.json()) as unknown[]).length).toBe(events.length);

    // Assets and offerings by their names; the request chain and a past state are named too.
    const { assetId, offeringId } = await offeringFor(server, await signUp(server, { admin: true }), 1000);
    const named = (await viewer.get('/api/audit/events?stream=offering-&limit=500')).body.names.streams;
    expect(named[`offering-${offeringId}`]).toBe('Offering · Harbour View Series A');
    const asset = (await viewer.get(`/api/audit/events?stream=asset-${assetId}`)).body.names.streams;
    expect(asset[`asset-${assetId}`]).toBe('Asset · Harbour View');
    const chain = (await viewer.get(`/api/audit/correlation/${events[0].metadata.correlationId}`)).body;
    expect(chain.names.streams[`user-${aroha.user.id}`]).toBe('Account · Aroha Ngata');
    const then = (await viewer.get(`/api/audit/streams/user-${aroha.user.id}/state?at=${new Date().toISOString()}`))
      .body;
    expect(then.names.people[aroha.user.id].name).toBe('Aroha Ngata');
    // Named even when the moment is before its first event.
    const before = (await viewer.get(`/api/audit/streams/asset-${assetId}/state?at=2000-01-01T00:00:00Z`)).body;
    expect(before).toMatchObject({ events: [], names: { streams: { [`asset-${assetId}`]: 'Asset · Harbour View' } } });

    // Forgotten (Privacy Act 2020): shown as such wherever they appear, never by a copy of their name.
    const forgotten = await forget(viewer, aroha.user.id);
    expect(forgotten.status).toBe(200);
    // Their account is closed: the session ends, the password no longer signs in, and the address is free again.
    expect((await aroha.get('/api/user')).status).toBe(401);
    const signIn = { email: 'aroha.ngata@example.nz', password: aroha.user.password };
    expect((await new Api(server.url).post('/api/login', signIn)).status).toBe(401);
    expect((await server.eventStore.readStream(`user-${aroha.user.id}`)).at(-1)?.type).toBe('AccountClosed');
    expect((await new Api(server.url).post('/api/register', { ...signIn, firstName: 'A', lastName: 'N' })).status).toBe(
      201,
    );
    const after = (await viewer.get(`/api/audit/events?actor=${aroha.user.id}`)).body;
    expect(after.names.people[aroha.user.id]).toEqual({ name: 'Forgotten person', forgotten: true });
    expect(after.names.streams[`user-${aroha.user.id}`]).toBe('Account · Forgotten person');
    expect(JSON.stringify(after.names)).not.toContain('Aroha');
    const privacy = (await viewer.get(`/api/audit/events?stream=privacy-${aroha.user.id}`)).body;
    expect(privacy.names.streams[`privacy-${aroha.user.id}`]).toBe('Privacy · Forgotten person');
    expect(privacy.names.people[viewer.user.id]).toEqual({ name: 'Test User', forgotten: false });
  });

  it('names who asked and who decided on a decision (four eyes), in the timeline, the chain and a past state', async () => {
    const admin = await signUp(server, { admin: true, firstName: 'Mere', lastName: 'Decider' });
    const owner = await signUp(server, { firstName: 'Moana', lastName: 'Asker' });
    const { assetId } = await submittedAsset(server, { tokens: 100, owner });
    expect((await admin.post(`/api/admin/assets/${assetId}/approve`)).status).toBe(200);
    const page = (await staff.get(`/api/audit/events?stream=asset-${assetId}`)).body;
    const approved = page.events.find((e: { type: string }) => e.type === 'TokenizationApproved');
    expect(approved.decision).toEqual({ requestedBy: owner.user.id, decidedBy: admin.user.id });
    expect(page.names.people[owner.user.id]).toEqual({ name: 'Moana Asker', forgotten: false });
    expect(page.names.people[admin.user.id]).toEqual({ name: 'Mere Decider', forgotten: false });
    // An event that decides nothing carries no decision.
    expect(page.events.find((e: { type: string }) => e.type === 'AssetDrafted').decision).toBeNull();
    const chain = (await staff.get(`/api/audit/correlation/${approved.metadata.correlationId}`)).body;
    expect(chain.events[0].decision).toEqual(approved.decision);
    expect(chain.names.people[owner.user.id].name).toBe('Moana Asker');
    const state = (await staff.get(`/api/audit/streams/asset-${assetId}/state?at=${new Date().toISOString()}`)).body;
    expect(state.events.at(-1).decision).toEqual(approved.decision);
  });

  it('shows an aggregate as it stood at a past moment, beside the events that built it', async () => {
    const admin = await signUp(server, { admin: true });
    const investor = await signUp(server);
    const submitted = await investor.post('/api/wholesale-verification', {
      verificationType: 'professional',
      professionalType: 'accountant',
      verifierName: 'Hine Walker',
      verifierContact: 'hine@firm.nz',
    });
    expect(submitted.status).toBe(201);
    await new Promise((r) => setTimeout(r, 5));
    expect(
      (await admin.put(`/api/admin/wholesale-verification/${submitted.body.id}`, { status: 'verified' })).status,
    ).toBe(200);
    const stream = `verification-${investor.user.id}`;
    const [, approved] = (await staff.get(`/api/audit/events?stream=${stream}`)).body.events;
    const justBefore = new Date(Date.parse(approved.metadata.occurredAt) - 1).toISOString();

    const then = (await staff.get(`/api/audit/streams/${stream}/state?at=${justBefore}`)).body;
    expect(then).toMatchObject({
      aggregate: 'verification',
      revision: 0,
      laterEvents: 1,
      state: { status: 'pending' },
    });
    expect(then.events.map((e: { type: string }) => e.type)).toEqual(['VerificationSubmitted']);
    const now = (await staff.get(`/api/audit/streams/${stream}/state?at=${approved.metadata.occurredAt}`)).body;
    expect(now).toMatchObject({ revision: 1, laterEvents: 0, state: { status: 'verified' } });
    expect((await staff.get(`/api/audit/streams/${stream}/state`)).status).toBe(400);
  });

  it('exports the filtered history as CSV and as JSON, streamed', async () => {
    const csv = await fetch(`${server.url}/api/audit/export?format=csv&type=UserRegistered`, {
      headers: { cookie: `kauri.sid=${staff.cookie('kauri.sid')}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(Number(csv.headers.get('x-head-position'))).toBeGreaterThan(0);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'position,streamId,revision,type,occurredAt,actor,correlationId,causationId,eventId,schemaVersion,data',
    );
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.slice(1).every((l) => l.split(',')[3] === 'UserRegistered')).toBe(true);

    const json = await fetch(`${server.url}/api/audit/export?format=json&type=UserRegistered`, {
      headers: { cookie: `kauri.sid=${staff.cookie('kauri.sid')}` },
    });
    const events = (await json.json()) as { type: string }[];
    expect(events).toHaveLength(lines.length - 1);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['UserRegistered']));
    expect((await staff.get('/api/audit/export?format=xml')).body.message).toBe('Format must be csv or json');
  });

  it('checks the hash chains on request, with progress, and reports no broken link on an untouched log', async () => {
    expect((await staff.post('/api/audit/integrity')).status).toBe(202);
    let status = (await staff.get('/api/audit/integrity')).body;
    while (status.running) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await staff.get('/api/audit/integrity')).body;
    }
    expect(status).toMatchObject({ supported: true, error: null, report: { firstBroken: null } });
    expect(status.report.checkedEvents).toBeGreaterThan(10);
    expect(status.checked).toBe(status.report.checkedEvents);
  });

  it('forgets a registrant: their personal data reads as null, the facts and the chain remain; a customer, an issuer and oneself are refused', async () => {
    const registration = (
      await server.api.post('/api/register-interest', interestForm({ email: 'forget.me@example.nz' }))
    ).body;
    const subject = registration.registrationId;
    expect((await staff.get(`/api/audit/subjects/${subject}`)).body).toMatchObject({
      personalEvents: 1,
      customer: false,
      retainedUntil: null,
      forgotten: false,
    });
    expect((await staff.post(`/api/audit/subjects/${subject}/forget`, { reason: '' })).status).toBe(400);

    const forgotten = await staff.post(`/api/audit/subjects/${subject}/forget`, {
      reason: 'Request under the Privacy Act 2020',
    });
    expect(forgotten.status).toBe(200);
    expect(forgotten.body).toMatchObject({ forgotten: true, rebuilding: expect.arrayContaining(['registrations']) });
    const [event] = (await staff.get('/api/audit/events?type=InterestRegistered&limit=500')).body.events.filter(
      (e: { data: { registrationId: string } }) => e.data.registrationId === subject,
    );
    const personal = { email: null, firstName: null, phone: null };
    expect(event.data).toMatchObject({ placeOnRegistration: null, country: 'nz', personalForgotten: true, personal });
    expect(JSON.stringify(await server.eventStore.readAll())).not.toContain('forget.me@example.nz');
    expect((await staff.post(`/api/audit/subjects/${subject}/forget`, { reason: 'again' })).status).toBe(409);

    // A wholesale investor is a customer under the AML/CFT Act: records are kept 5 years after the relationship.
    const admin = await signUp(server, { admin: true });
    const investor = await signUp(server);
    const submitted = await investor.post('/api/wholesale-verification', {
      verificationType: 'professional',
      professionalType: 'lawyer',
      verifierName: 'Hine Walker',
      verifierContact: 'hine@firm.nz',
    });
    await admin.put(`/api/admin/wholesale-verification/${submitted.body.id}`, { status: 'verified' });
    const standing = (await staff.get(`/api/audit/subjects/${investor.user.id}`)).body;
    expect(standing).toMatchObject({ customer: true, forgotten: false });
    const refused = await staff.post(`/api/audit/subjects/${investor.user.id}/forget`, {
      reason: 'Request under the Privacy Act 2020',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^AML\/CFT record keeping applies until \d{1,2} \w+ \d{4} \(5 years after the relationship ended on/,
    );
    expect((await staff.get(`/api/audit/events?stream=privacy-${investor.user.id}`)).body.events).toEqual([]);

    // No one forgets themselves (their name on their own decisions): 403, nothing recorded.
    const own = await staff.post(`/api/audit/subjects/${staff.user.id}/forget`, { reason: 'Remove me' });
    expect([own.status, own.body.message]).toEqual([403, FORGET_SELF]);
    // An issuer whose asset is under review (or live) is a customer today, however long ago they last acted.
    const { owner } = await submittedAsset(server, { tokens: 100 });
    const issuer = await forget(staff, owner.user.id);
    expect([issuer.status, issuer.body.message]).toEqual([409, stillCustomerRefusal('has an asset on Kauri')]);
    for (const subject of [staff.user.id, owner.user.id])
      expect((await staff.get(`/api/audit/events?stream=privacy-${subject}`)).body.events).toEqual([]);

    const status = (await staff.post('/api/audit/integrity')).body;
    let report = status;
    while (report.running || !report.finishedAt) report = (await staff.get('/api/audit/integrity')).body;
    expect(report.report.firstBroken).toBeNull();
  });
});
