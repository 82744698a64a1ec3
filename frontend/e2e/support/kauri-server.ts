/** The real Kauri server (API plus the built frontend on one port), configured for a test run. */
import { startServer } from '../../../backend/src/app.js';

/**
 * Starts the backend on a free port with in-memory stores, so every run begins with an empty
 * register: the first registration of a run is always within the first 100.
 */
export function startKauri(env: Record<string, string> = {}) {
  return startServer({ port: 0, env: { EVENT_STORE: 'memory', READ_STORE: 'memory', LOG_LEVEL: 'silent', ...env } });
}
