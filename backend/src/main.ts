import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './platform/config.js';
import { DataFolderBusyError, lockHolder } from './platform/operations/data-lock.js';

try {
  // A second process on embedded data refuses before importing the app (NestJS and the domains, about 3 CPU-seconds):
  // the refusal createApp gives, which still decides, as it takes the lock.
  const config = loadConfig();
  const holder = config.eventStore === 'pglite' || config.chain.kind === 'anvil' ? lockHolder(config.dataDir) : null;
  if (holder) throw new DataFolderBusyError(resolve(config.dataDir), holder);
  const { startServer } = await import('./app.js');
  const server = await startServer({ writeRuntimeFile: true });
  console.log(
    `Kauri is running at http://localhost:${new URL(server.url).port} (events: ${server.eventStore.kind}, read models: ${server.readStore.kind}, data: ${server.config.dataDir})`,
  );
  const shutdown = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  if (error instanceof DataFolderBusyError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
