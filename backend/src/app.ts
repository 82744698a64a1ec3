import 'reflect-metadata';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Response } from 'express';
import { AppModule } from './app.module.js';
import { openApiDocument } from './openapi.js';
import { allProjections } from './projections/index.js';
import { loadConfig, type Config } from './platform/config.js';
import type { EventStore } from './platform/event-store/event-store.js';
import { ErrorsFilter } from './platform/http/errors.filter.js';
import { bodyParsers, refuseDisallowedInput, refuseUnsupportedBody } from './platform/http/input-limits.js';
import type { KauriRequest } from './platform/http/request-context.js';
import { requestLogging } from './platform/http/request-logging.js';
import { securityHeaders } from './platform/http/security-headers.js';
import { validationPipe } from './platform/http/validation.js';
import { createLogger, NestPinoLogger } from './platform/logging.js';
import { newOpsToken, removeRuntimeFile, writeRuntimeFile } from './platform/operations/runtime-file.js';
import { ProjectionEngine } from './platform/projections/projection-engine.js';
import { readYourWrites } from './platform/http/read-your-writes.js';
import type { ReadStore } from './platform/read-store/read-store.js';
import { PersonalDataProtection } from './platform/privacy/personal-data.js';
import { openEventStore, openReadStore, openVault } from './platform/stores.js';
import type { Vault } from './platform/vault/vault.js';
import type { ChainPort } from './platform/chain/chain.js';
import { ChainKeys } from './platform/chain/keys.js';
import { openChain } from './platform/chain/open-chain.js';

const BUILT_FRONTEND = fileURLToPath(new URL('../../frontend/dist', import.meta.url));

export interface AppOptions {
  /** Environment to configure from; defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** Use these stores instead of opening the configured ones (tests share one PGlite, for instance). */
  eventStore?: EventStore;
  readStore?: ReadStore;
  vault?: Vault;
  /** Use this chain instead of opening the configured one (null: none). */
  chain?: ChainPort | null;
}

export interface RunningApp {
  app: NestExpressApplication;
  config: Config;
  eventStore: EventStore;
  readStore: ReadStore;
  vault: Vault;
  engine: ProjectionEngine;
  opsToken: string;
  chain: ChainPort | null;
  /** Boot time in milliseconds, of which rebuilding the read models took `catchUpMs`. */
  bootMs: number;
  catchUpMs: number;
  close(): Promise<void>;
}

/** Opens the stores, rebuilds/follows the read models, and configures the HTTP app (not yet listening). */
export async function createApp(options: AppOptions = {}): Promise<RunningApp> {
  const started = performance.now();
  const config = loadConfig(options.env ?? process.env, {
    frontendDist: existsSync(BUILT_FRONTEND) ? BUILT_FRONTEND : null,
  });
  const logger = createLogger(config.logLevel);
  const storedEvents = options.eventStore ?? (await openEventStore(config));
  const readStore = options.readStore ?? (await openReadStore(config, storedEvents));
  const vault = options.vault ?? (await openVault(config, storedEvents));
  // Everything above the store sees personal data in the clear; only sealed bytes are stored (Privacy Act 2020).
  const eventStore = new PersonalDataProtection(storedEvents, vault);
  const engine = new ProjectionEngine(eventStore, readStore, allProjections);
  const chainKeys = new ChainKeys(vault);
  const chain = options.chain !== undefined ? options.chain : await openChain(config, chainKeys, logger);
  const catchUpStarted = performance.now();
  await engine.start();
  await engine.caughtUp();
  const catchUpMs = performance.now() - catchUpStarted;

  const opsToken = newOpsToken();
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({ config, eventStore, readStore, vault, engine, logger, opsToken, chain, chainKeys }),
    {
      logger: new NestPinoLogger(logger),
      // Stripe signs the exact bytes it sends: the webhook verifies req.rawBody.
      rawBody: true,
    },
  );
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.use(requestLogging(logger));
  for (const handler of securityHeaders(config)) app.use(handler);
  // Our own JSON and form parsers (Nest then registers none): a depth limit before parsing, then a check of
  // every key and string that came in.
  app.use(refuseUnsupportedBody);
  for (const parser of bodyParsers()) app.use(parser);
  app.use(refuseDisallowedInput);
  app.use(readYourWrites(engine));
  app.useGlobalFilters(new ErrorsFilter(logger));
  app.useGlobalPipes(validationPipe());

  SwaggerModule.setup('api/docs', app, () => openApiDocument(app));

  if (config.frontendDist) serveFrontend(app, config.frontendDist);

  const bootMs = performance.now() - started;
  logger.info(
    {
      eventStore: eventStore.kind,
      readStore: readStore.kind,
      bootMs: Math.round(bootMs),
      catchUpMs: Math.round(catchUpMs),
    },
    'app ready',
  );
  return {
    app,
    config,
    eventStore,
    readStore,
    vault,
    engine,
    opsToken,
    chain,
    bootMs,
    catchUpMs,
    async close() {
      await stopServing(app.getHttpServer() as Server);
      await app.close();
      await engine.stop();
      if (options.chain === undefined) await chain?.close();
      if (!options.vault) await vault.close();
      if (!options.eventStore) await storedEvents.close();
      if (!options.readStore) await readStore.close();
    },
  };
}

/** In-flight requests get this long to finish at shutdown; then every connection is closed. */
export const SHUTDOWN_GRACE_MS = 3000;

/**
 * Stops accepting connections, closes idle keep-alive ones at once, and after the grace period closes the rest
 * too — a hung upload or a slow client cannot hold a shutdown (SIGTERM) open.
 */
async function stopServing(server: Server): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  await closed;
  clearTimeout(force);
}

/** The single-page app: static files, and index.html for any other non-API GET (client-side routes). */
function serveFrontend(app: NestExpressApplication, dist: string): void {
  app.useStaticAssets(dist, {
    index: false,
    maxAge: '1h',
    setHeaders: (res, path) => path.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache'),
  });
  const index = join(dist, 'index.html');
  app.use((req: KauriRequest, res: Response, next: NextFunction) => {
    // Paths match case-insensitively (as the API's routes do), so /API/… must never be answered with the page.
    if (req.method !== 'GET' || /^\/+api(\/|$)/i.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

export interface StartedServer extends RunningApp {
  url: string;
}

/** createApp, then listen. `port: 0` picks a free port (tests). */
export async function startServer(
  options: AppOptions & { port?: number; writeRuntimeFile?: boolean } = {},
): Promise<StartedServer> {
  const running = await createApp(options);
  await running.app.listen(options.port ?? running.config.port, '0.0.0.0');
  const { port } = running.app.getHttpServer().address() as AddressInfo;
  const { dataDir } = running.config;
  if (options.writeRuntimeFile)
    writeRuntimeFile(dataDir, {
      pid: process.pid,
      port,
      opsToken: running.opsToken,
      startedAt: new Date().toISOString(),
    });
  return {
    ...running,
    url: `http://127.0.0.1:${port}`,
    async close() {
      if (options.writeRuntimeFile) removeRuntimeFile(dataDir);
      await running.close();
    },
  };
}
