import { ConfigError } from './platform/config.js';
import { startServer } from './app.js';
import { DataFolderBusyError } from './platform/operations/data-lock.js';

try {
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
