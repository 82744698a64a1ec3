import { afterAll, beforeAll } from '@jest/globals';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { DOCUMENT_STORE } from '../platform/injection-keys.js';
import { type Api, startTestServer } from './api.js';
import { samplePdf } from './pdf.js';
import { signUp } from './users.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Person = Awaited<ReturnType<typeof signUp>>;

/**
 * For the enclosing describe: the real app with an admin, a compliance officer (`staff`, who forgets people) and the
 * document store that keeps the evidence files a forgetting deletes; started before the tests, closed after them.
 * Read the fields inside tests.
 */
export function forgettingApp() {
  let started: { server: Server; admin: Person; staff: Person; store: DocumentStore } | null = null;
  beforeAll(async () => {
    const server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    started = {
      server,
      admin: await signUp(server, { admin: true }),
      staff: await signUp(server, { compliance: true }),
      store: server.app.get<DocumentStore>(DOCUMENT_STORE),
    };
  });
  afterAll(() => started?.server.close());
  const get = () => {
    if (!started) throw new Error('forgettingApp: read inside a test, after beforeAll');
    return started;
  };
  return {
    get server() {
      return get().server;
    },
    get admin() {
      return get().admin;
    },
    get staff() {
      return get().staff;
    },
    get store() {
      return get().store;
    },
  };
}

/** `who` uploads a PDF named `name` as wholesale evidence. */
export const uploadEvidence = (who: Api, name: string) =>
  who.request('POST', '/api/wholesale-verification/documents', new Uint8Array(samplePdf(name)), {
    'content-type': 'application/pdf',
    'x-file-name': name,
  });

/** `staff` forgets the person at their request (Privacy Act 2020). */
export const forget = (staff: Api, userId: string) =>
  staff.post(`/api/audit/subjects/${userId}/forget`, { reason: 'Their request' });

/** A lawyer's certification of a professional investor, as the person submits it. */
export const lawyerCertification = {
  verificationType: 'professional',
  professionalType: 'lawyer',
  verifierName: 'Hine Walker',
  verifierContact: 'hine@firm.nz',
};
