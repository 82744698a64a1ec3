import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from '@jest/globals';
import { MemoryEventStore } from '../platform/event-store/memory-event-store.js';
import { MemoryReadStore } from '../platform/read-store/memory-read-store.js';
import { MemoryVault } from '../platform/vault/vault.js';
import { type Api, startTestServer } from './api.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/**
 * For the enclosing describe: the real app on the embedded chain, restarted on the same state — one log, read store
 * and vault (the signer's and custody keys), and a data folder where the chain keeps its state (written when the app
 * stops it). The app is closed, the stores too and the folder removed after the tests.
 */
export function restartableChainApp(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const eventStore = new MemoryEventStore();
  const readStore = new MemoryReadStore();
  const vault = new MemoryVault();
  let server: Server | null = null;
  const start = async () => {
    server = await startTestServer({
      eventStore,
      readStore,
      vault,
      env: { CHAIN: 'anvil', DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_IP: '1000' },
    });
    return server;
  };
  const stop = async () => {
    await server?.close();
    server = null;
  };
  afterAll(async () => {
    await stop();
    await Promise.all([eventStore.close(), readStore.close(), vault.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    eventStore,
    readStore,
    vault,
    start,
    stop,
    /** Stops the app if it runs and starts it again; `clients` follow it to its new address. */
    restart: async (...clients: Api[]) => {
      await stop();
      const again = await start();
      follow(again.url, ...clients);
      return again;
    },
  };
}

/** Points clients at an app listening elsewhere (Api's base URL is fixed at sign-up), keeping their cookies. */
export function follow(url: string, ...clients: Api[]): void {
  for (const api of clients) (api as unknown as { baseUrl: string }).baseUrl = url;
}
