/**
 * No answer carries the read side's bookkeeping (`_id`, `_position`): neither the OpenAPI document's response
 * schemas (so the frontend's generated types never offer them) nor any body the real app answers, on an app with
 * data in every read model — every GET the document lists as each kind of person, and the admin PUTs.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type Api } from './testing/api.js';
import { internalKeys } from './testing/internal-keys.js';
import { registerInterest } from './testing/interest.js';
import { offeringFor, verifiedInvestor } from './testing/offerings.js';
import { signUp } from './testing/users.js';

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}
interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** The `_` properties a response schema declares, at any depth, as `Schema.field` (each named schema once). */
function internalProperties(doc: OpenApi): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const walk = (schema: Schema | boolean | undefined, where: string): void => {
    if (!schema || schema === true) return;
    if (schema.$ref) {
      const name = schema.$ref.split('/').pop()!;
      if (seen.has(name)) return;
      seen.add(name);
      walk(doc.components.schemas[name], name);
      return;
    }
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      if (key.startsWith('_')) found.push(`${where}.${key}`);
      walk(child, `${where}.${key}`);
    }
    walk(schema.items, `${where}[]`);
    walk(schema.additionalProperties, `${where}{}`);
    for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) walk(part, where);
  };
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods))
      for (const [status, response] of Object.entries(op.responses ?? {}))
        for (const media of Object.values(response.content ?? {}))
          walk(media.schema, `${method.toUpperCase()} ${path} ${status}`);
  return found;
}

describe('answers carry no read-model internals', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin: Api & { user: { id: string } };
  let owner: Api;
  let investor: Api & { user: { id: string } };
  let doc: OpenApi;
  /** Path parameters by name, and by path where one name means different things. */
  const ids = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
    admin = await signUp(server, { admin: true, compliance: true });
    await registerInterest(server);
    const offering = await offeringFor(server, admin, 1000, '10.00');
    owner = offering.owner;
    investor = await verifiedInvestor(server, admin);
    const invested = await investor.post('/api/invest', {
      offeringId: offering.offeringId,
      tokensRequested: 5,
      investmentAmount: 50,
    });
    expect(invested.status).toBe(201);
    ids.set('assetId', offering.assetId);
    ids.set('offeringId', offering.offeringId);
    ids.set('investmentId', invested.body.id);
    ids.set('userId', investor.user.id);
    ids.set('subjectId', investor.user.id);
    ids.set('ownerId', investor.user.id);
    ids.set('streamId', `asset-${offering.assetId}`);
    ids.set('correlationId', 'none-such');
    doc = (await server.api.get('/api/docs-json')).body;
  }, 60_000);
  afterAll(() => server.close());

  it('declares no field starting with _ in any response schema', () => {
    expect(internalProperties(doc)).toEqual([]);
  });

  it("answers an admin's decision on a verification without the read model's _id and _position", async () => {
    const applicant = await signUp(server);
    const submitted = await applicant.post('/api/wholesale-verification', {
      verificationType: 'professional',
      professionalType: 'lawyer',
      verifierName: 'Hine Walker',
      verifierContact: 'hine@firm.nz',
    });
    expect(submitted.status).toBe(201);
    const decided = await admin.put(
      `/api/admin/wholesale-verification/${submitted.body.id}`,
      { status: 'rejected', rejectionReason: 'The verifier is not registered' },
      { 'x-read-after': String(submitted.body.position) },
    );
    expect(decided.status).toBe(200);
    expect(decided.body.verification).toMatchObject({ id: submitted.body.id, status: 'rejected' });
    expect(internalKeys(decided.body)).toEqual([]);
  });

  it('answers every GET, as every kind of person, without a field starting with _', async () => {
    const people: [string, Api][] = [
      ['admin', admin],
      ['owner', owner],
      ['investor', investor],
    ];
    const leaks: string[] = [];
    const answered = new Set<string>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      const op = methods.get;
      if (!op) continue;
      const idFor = (name: string) => {
        if (name === 'id')
          return ids.get(
            path.startsWith('/api/offerings')
              ? 'offeringId'
              : path.startsWith('/api/investments')
                ? 'investmentId'
                : 'assetId',
          );
        return ids.get(name) ?? 'none-such';
      };
      const query = (op.parameters ?? [])
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=${p.name === 'at' ? encodeURIComponent(new Date().toISOString()) : 'json'}`);
      const url =
        path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(idFor(name)!)) +
        (query.length ? `?${query.join('&')}` : '');
      for (const [who, api] of people) {
        const res = await api.get(url);
        if (res.status >= 300 || typeof res.body !== 'object' || res.body === null) continue;
        answered.add(path);
        for (const key of internalKeys(res.body)) leaks.push(`${who} GET ${url}: ${key}`);
      }
    }
    // Every aggregate's state as the audit shows it, not only an asset's.
    const at = encodeURIComponent(new Date().toISOString());
    for (const stream of [
      `offering-${ids.get('offeringId')}`,
      `user-${investor.user.id}`,
      `verification-${investor.user.id}`,
    ]) {
      const res = await admin.get(`/api/audit/streams/${stream}/state?at=${at}`);
      expect([stream, res.status]).toEqual([stream, 200]);
      for (const key of internalKeys(res.body)) leaks.push(`admin GET state of ${stream}: ${key}`);
    }
    expect(leaks).toEqual([]);
    // The answers that hold read-model documents were all answered, with data in them.
    for (const path of [
      '/api/assets',
      '/api/assets/{id}',
      '/api/offerings',
      '/api/offerings/{id}',
      '/api/holdings',
      '/api/investments',
      '/api/investments/{id}',
      '/api/admin/wholesale-verifications',
      '/api/admin/registrations',
    ])
      expect([path, answered.has(path)]).toEqual([path, true]);
  });
});
