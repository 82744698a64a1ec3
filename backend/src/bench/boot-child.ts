import { startServer } from '../app.js';

/**
 * One restart, timed from this process's start (`performance.now()` counts from it) to the first answer from a
 * read model — module loading, opening the stores, loading or rebuilding the read models and Nest included.
 * Configured by the environment (DATA_DIR, READ_STORE, …); prints one JSON line for boot.bench.ts.
 */
const server = await startServer({ port: 0 });
const listeningMs = performance.now();
const res = await fetch(`${server.url}/api/early-access`);
if (!res.ok) throw new Error(`GET /api/early-access answered ${res.status}`);
const servedMs = performance.now();
// The persisted store loads each read model on first use: use them all, to time the moment all are in memory.
for (const name of await server.readStore.listCollections()) await server.readStore.collection(name).count({ _id: '' });
const parsedMs = performance.now();
const health = await server.readStore.health();
const { readModels } = await server.engine.checksums();
const failed = (await server.engine.status()).filter((p) => p.status === 'failed').map((p) => p.name);
const figures = {
  listeningMs: Math.round(listeningMs),
  servedMs: Math.round(servedMs),
  parsedMs: Math.round(parsedMs),
  bootMs: Math.round(server.bootMs),
  catchUpMs: Math.round(server.catchUpMs),
  readStore: health.detail ?? '',
  checksums: readModels,
  failed,
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
await server.close();
