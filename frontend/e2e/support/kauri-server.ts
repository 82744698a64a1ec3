/** The real Kauri server (API plus the built frontend on one port), configured for a test run. */
import { startTestServer } from '../../../backend/src/testing/api.js';

/**
 * Starts the backend as the API tests do (`startTestServer`): a free port, in-memory stores, so every run begins
 * with an empty register (the first registration of a run is always within the first 100), a fresh data folder
 * (where the mail outbox is: `server.config.dataDir`) removed on close, and no chain unless a test asks for the
 * embedded one (`CHAIN: 'anvil'`). It serves the built frontend as well.
 */
export function startKauri(env: Record<string, string> = {}) {
  return startTestServer({ env });
}
