import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './platform/config.js';
import { DataFolderBusyError, lockHolder } from './platform/operations/data-lock.js';
import { storeUnreachable } from './platform/store-unreachable.js';

/** A second stop signal within this long of the first is the same request delivered twice, not an insistence. */
const REPEAT_SIGNAL_MS = 3000;

try {
  // A second process on embedded data refuses before importing the app (NestJS and the domains, about 3 CPU-seconds):
  // the refusal createApp gives, which still decides, as it takes the lock.
  const config = loadConfig();
  const holder = config.eventStore === 'pglite' || config.chain.kind === 'anvil' ? lockHolder(config.dataDir) : null;
  if (holder) throw new DataFolderBusyError(resolve(config.dataDir), holder);
  const { startServer } = await import('./app.js');
  const server = await startServer({ writeRuntimeFile: true });
  // A Ctrl-C on `npm start` arrives twice (from the terminal to the whole group, and forwarded by scripts/start.mjs):
  // with `once`, the second found Node's default handler and ended the process mid-shutdown, leaving the embedded
  // node running and the stores unflushed. A repeat is ignored for a moment; one well after it forces the exit.
  let closingSince: number | null = null;
  const shutdown = async (signal: string) => {
    if (closingSince !== null) {
      if (Date.now() - closingSince < REPEAT_SIGNAL_MS) return;
      console.log(`${signal} again: exiting before the shutdown finished`);
      process.exit(1);
    }
    closingSince = Date.now();
    console.log(`${signal}: shutting down`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Run by a supervisor holding a pipe to its stdin (`KAURI_STOP_WITH_STDIN=1`: the tests' built apps), it stops when
  // that pipe closes — when the supervisor ends, however it ends — rather than living on orphaned, holding its folder.
  if (process.env.KAURI_STOP_WITH_STDIN === '1')
    process.stdin.once('close', () => void shutdown('stdin closed')).resume();
  // Said once the handlers are in place: a supervisor that signals as soon as it reads this line is handled.
  console.log(
    `Kauri is running at http://localhost:${new URL(server.url).port} (events: ${server.eventStore.kind}, read models: ${server.readStore.kind}, data: ${server.config.dataDir})`,
  );
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  if (error instanceof DataFolderBusyError) {
    console.error(error.message);
    process.exit(1);
  }
  // A store that does not answer at boot (PostgreSQL, EventStoreDB or MongoDB down, a wrong address): one line saying
  // so, not a driver's stack trace; the supervisor starts it again.
  if (storeUnreachable(error)) {
    console.error(`Kauri could not reach its stores: ${(error as Error).message}. Check they run and the URLs given.`);
    process.exit(1);
  }
  throw error;
}
