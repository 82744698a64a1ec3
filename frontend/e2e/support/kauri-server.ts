/** The real Kauri server (API plus the built frontend on one port), configured for a test run. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../../backend/src/app.js';
import { TEST_PASSWORD_HASH_COST } from '../../../backend/src/testing/api.js';

/**
 * Starts the backend on a free port with in-memory stores, so every run begins with an empty
 * register: the first registration of a run is always within the first 100. Its data folder (where the
 * mail outbox is: `server.config.dataDir`) is a fresh temporary one, removed on close. No chain unless a test
 * asks for the embedded one (`CHAIN: 'anvil'`), as in the API tests.
 */
export async function startKauri(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kauri-e2e-'));
  const server = await startServer({
    port: 0,
    env: {
      EVENT_STORE: 'memory',
      READ_STORE: 'memory',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      CHAIN: 'off',
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
      ...env,
    },
  });
  return {
    ...server,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
