import 'reflect-metadata';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import fastifyStatic from '@fastify/static';
import type { FastifyError } from 'fastify';
import { AppModule } from './app.module.js';
import { IdentityService } from './domains/identity/identity.service.js';
import { ChainOutbox } from './domains/tokens/chain-outbox.js';
import { HoldingsRead } from './domains/offerings/holdings-read.js';
import { HotReads } from './hot-reads.js';
import { EarlyAccessQueries } from './projections/early-access-places.query.js';
import { openApiDocument } from './openapi.js';
import { allProjections } from './projections/index.js';
import { sessionsProjection } from './projections/sessions.js';
import { usersProjection } from './projections/users.js';
import { bootWarnings, loadConfig, type Config } from './platform/config.js';
import { DomainError } from './platform/errors.js';
import type { EventStore } from './platform/event-store/event-store.js';
import { ErrorsFilter } from './platform/http/errors.filter.js';
import { type HttpReply, type HttpRequest, pathOf } from './platform/http/http.js';
import {
  disallowedInPathOrQuery,
  MALFORMED_PATH,
  MAX_JSON_BYTES,
  registerBodyParsers,
  unsupportedBody,
} from './platform/http/input-limits.js';
import { allowedMethods, answerOptions, clientErrorHandler } from './platform/http/methods.js';
import { correlate, requestLogging } from './platform/http/request-logging.js';
import { securityHeaders } from './platform/http/security-headers.js';
import { validationPipe } from './platform/http/validation.js';
import { createLogger, createRequestLog, type Logger, NestPinoLogger } from './platform/logging.js';
import { DataFolderLock } from './platform/operations/data-lock.js';
import { newOpsToken, removeRuntimeFile, writeRuntimeFile } from './platform/operations/runtime-file.js';
import { ProjectionEngine } from './platform/projection-engine/projection-engine.js';
import { READ_AFTER_UNMET, readAfterOf, readYourWrites } from './platform/http/read-your-writes.js';
import type { ReadStore } from './platform/read-store/read-store.js';
import { openStores } from './platform/stores.js';
import { UPLOAD_TIMEOUTS } from './platform/uploads.js';
import { JobRunner } from './platform/jobs/job-runner.js';
import type { Leases } from './platform/jobs/leases.js';
import { ReplicaPositions } from './platform/jobs/replica-positions.js';
import type { CountedWindows } from './platform/limits/counted-windows.js';
import type { Vault } from './platform/vault/vault.js';
import type { ChainPort } from './platform/chain/chain.js';
import { ChainKeys } from './platform/chain/keys.js';
import { openChainInBackground } from './platform/chain/open-chain.js';

const BUILT_FRONTEND = fileURLToPath(new URL('../../frontend/dist', import.meta.url));

export interface AppOptions {
  /** Environment to configure from; defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** Use these stores instead of opening the configured ones (tests share one PGlite, for instance). */
  eventStore?: EventStore;
  readStore?: ReadStore;
  vault?: Vault;
  /** Count attempt limits here instead of where the configured stores say. */
  countedWindows?: CountedWindows;
  /** Take job leases here instead of where the configured stores say. */
  leases?: Leases;
  /** Use this chain instead of opening the configured one (null: none). */
  chain?: ChainPort | null;
  /** Who takes the data folder's lock when embedded data is opened (named to a second process it refuses). */
  lockAs?: string;
}

export interface RunningApp {
  app: NestFastifyApplication;
  config: Config;
  eventStore: EventStore;
  readStore: ReadStore;
  vault: Vault;
  engine: ProjectionEngine;
  /** The background jobs, and which of them this replica runs. */
  jobs: JobRunner;
  opsToken: string;
  chain: ChainPort | null;
  /** Boot time in milliseconds, of which rebuilding the read models took `catchUpMs`. */
  bootMs: number;
  catchUpMs: number;
  /** The data folder's lock, held while embedded data (PGlite, the embedded chain's state) is open; else null. */
  lock: DataFolderLock | null;
  /** The hot reads answered below Nest (`enabled`: tests compare them with the Nest path). */
  hotReads: HotReads;
  /** The app listens: what loads lazily (the read models, the chain outbox's state) starts loading. */
  serving(): void;
  close(): Promise<void>;
}

/** Opens the stores, rebuilds/follows the read models, and configures the HTTP app (not yet listening). */
export async function createApp(options: AppOptions = {}): Promise<RunningApp> {
  const started = performance.now();
  const config = loadConfig(options.env ?? process.env, {
    frontendDist: existsSync(BUILT_FRONTEND) ? BUILT_FRONTEND : null,
  });
  const logger = createLogger(config.logLevel);
  // Before PGlite or anvil touch the folder: a second process on it refuses here, naming the first.
  const embedded =
    (config.eventStore === 'pglite' && !options.eventStore) ||
    (config.chain.kind === 'anvil' && options.chain === undefined);
  const lock = embedded ? DataFolderLock.acquire(config.dataDir, options.lockAs ?? 'the app') : null;
  try {
    return await openApp(options, config, logger, lock, started);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openApp(
  options: AppOptions,
  config: Config,
  logger: Logger,
  lock: DataFolderLock | null,
  started: number,
): Promise<RunningApp> {
  const stores = await openStores(config, ['readStore', 'vault', 'countedWindows', 'leases'], options);
  // Everything above the store sees personal data in the clear; only sealed bytes are stored (Privacy Act 2020).
  const { events: eventStore, readStore, vault, countedWindows, leases } = stores;
  // Alone, this process stores the read models; among replicas, the holder of the `read-models` lease does.
  const engine = new ProjectionEngine(eventStore, readStore, allProjections, { persist: leases.kind === 'local' });
  // What a replica publishes with its heartbeat, and what a sign-out waits for: the read models that decide who is
  // signed in and with which roles (a stopped projection elsewhere must not hold sign-outs up, nor fence replicas).
  const sessionReadModels = [sessionsProjection.name, usersProjection.name];
  const jobs = new JobRunner(
    leases,
    () => engine.appliedThrough(sessionReadModels),
    () => eventStore.headPosition(),
    logger,
  );
  jobs.declare({
    name: 'read-models',
    description: 'Stores the read models every replica folds in memory, so that a restart resumes from them',
    start: () => engine.persist(true),
    stop: () => engine.persist(false),
    checkpoint: () => engine.appliedThrough(),
  });
  const replicaPositions = new ReplicaPositions(jobs, engine, sessionReadModels);
  const chainKeys = new ChainKeys(vault);
  // Opened in the background: the embedded node takes seconds to start, and reads and commands need none of it.
  const chain = options.chain !== undefined ? options.chain : openChainInBackground(config, chainKeys, logger);
  const catchUpStarted = performance.now();
  await engine.start();
  await engine.caughtUp();
  const catchUpMs = performance.now() - catchUpStarted;

  const opsToken = newOpsToken();
  const headers = securityHeaders(config);
  const adapter = new FastifyAdapter({
    // X-Forwarded-For/-Proto only from the proxies TRUST_PROXY names, the loopback by default (req.ip, req.protocol).
    trustProxy: config.trustProxy,
    // As the API always answered: /API/Holdings and /api/holdings/ are /api/holdings; ids of any length reach
    // the route (which refuses a malformed one with its own message).
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 10_000 },
    bodyLimit: MAX_JSON_BYTES,
    // A request must arrive in full within REQUEST_TIMEOUT_MS (a body sent slowly holds its connection that long);
    // idle keep-alive connections close after 5 s, as Node's own default (Fastify's would be 72 s).
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 5_000,
    // A request Node could not read (an unknown method, a malformed header) is refused in the app's shape.
    clientErrorHandler: clientErrorHandler(headers.plainHttp),
    // A path the router cannot read (a malformed %-escape, a segment over maxParamLength) is refused before any
    // hook runs: answered here with the headers and the body every other refusal has, never echoing the path.
    frameworkErrors: (error: FastifyError, req: HttpRequest, reply: HttpReply) => {
      correlate(req, reply);
      headers(req, reply);
      const status = error.statusCode === 414 ? 414 : 400;
      reply.code(status).send({ message: MALFORMED_PATH, errors: [{ field: 'path', message: MALFORMED_PATH }] });
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot({
      config,
      eventStore,
      readStore,
      vault,
      countedWindows,
      engine,
      jobs,
      replicaPositions,
      logger,
      opsToken,
      chain,
      chainKeys,
    }),
    adapter,
    // Our own JSON and form parsers instead of Nest's (registerBodyParsers); they keep req.rawBody for Stripe.
    { logger: new NestPinoLogger(logger), bodyParser: false },
  );
  const server = app.getHttpAdapter().getInstance();
  registerBodyParsers(server);
  const waitForReads = readYourWrites(engine, () => eventStore.headPosition());
  const outbox = app.get(ChainOutbox);
  // One hook before routing's handler, for every request (404s included): correlation id, security headers,
  // refusals that need no body, then the chain outbox's state (loaded as the app starts serving) for the API
  // requests that may read it, and read-your-writes (before the guards, which read the session).
  server.addHook('onRequest', (req, reply, done) => {
    correlate(req, reply);
    headers(req, reply);
    const refused = unsupportedBody(req) ?? disallowedInPathOrQuery(req);
    if (refused) return done(refused);
    const after = readAfterOf(req.raw);
    if (after instanceof DomainError) return done(after);
    const chainState = outbox.ready || !readsChainState(pathOf(req.raw as { url: string })) ? null : outbox.loaded();
    const reads = chainState ? chainState.then(() => waitForReads(after)) : waitForReads(after);
    if (reads === null) done();
    else
      reads.then((unmet) => {
        if (unmet) reply.header(READ_AFTER_UNMET, unmet);
        done();
      }, done);
  });
  const requestLog = createRequestLog(config.logLevel);
  const log = requestLogging(requestLog);
  server.addHook('onResponse', (req, reply, done) => {
    log(req, reply);
    done();
  });
  // The two hot reads, answered below Nest and Fastify when a request is plain in every way (hot-reads.ts).
  const [identity, holdings, earlyAccess] = [
    app.get(IdentityService),
    app.get(HoldingsRead),
    app.get(EarlyAccessQueries),
  ];
  const hotReads = new HotReads({
    earlyAccess: () => earlyAccess.serialized(),
    signedInAtOnce: (given) => identity.signedInAtOnce(given),
    holdings: (userId) => holdings.serialized(userId),
    securityHeaders: headers.plainHttp,
    log: (line) => requestLog.write(line),
  });
  hotReads.install(app.getHttpServer() as Server);
  // 405 with Allow for a method a known path does not take, 204 with Allow for OPTIONS (methods.ts).
  const allowedAt = allowedMethods(server, isPage);
  server.route({ method: 'OPTIONS', url: '/*', handler: answerOptions(allowedAt) });
  app.useGlobalFilters(new ErrorsFilter(logger, allowedAt));
  app.useGlobalPipes(validationPipe());

  // The Swagger UI's pages say their charset, as they always did.
  server.addHook('onRoute', (route) => {
    if (!/^\/api\/docs\/?$/.test(route.url)) return;
    route.onSend = (_req, reply, payload, done) => {
      if (reply.getHeader('content-type') === 'text/html') reply.header('content-type', 'text/html; charset=utf-8');
      done(null, payload);
    };
  });
  SwaggerModule.setup('api/docs', app, () => openApiDocument(app));

  if (config.frontendDist) await serveFrontend(app, config.frontendDist);

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
  for (const warning of bootWarnings(config)) logger.warn(warning);
  return {
    app,
    config,
    eventStore,
    readStore,
    vault,
    engine,
    jobs,
    opsToken,
    chain,
    bootMs,
    catchUpMs,
    lock,
    hotReads,
    serving() {
      // The chain outbox's state first: chain views wait for it, while a read model nobody asked for can wait (one
      // that is asked for loads at once). Loaded side by side, the two shared the read store's one queue: at
      // 1,000,000 events the state was loaded 5.3 s after the listen, and 2.0–2.6 s after it this way (2026-11-28).
      void outbox.loaded().finally(() => readStore.serving?.());
    },
    async close() {
      hotReads.enabled = false;
      await stopServing(app.getHttpServer() as Server);
      await app.close();
      requestLog.close();
      await engine.stop();
      if (options.chain === undefined) await chain?.close();
      await stores.close();
      lock?.release();
    },
  };
}

/**
 * API requests that never read the chain outbox's state, so answer while it loads after a restart: health (which
 * says it is loading), the public site's early access, signing in and out. Every other API request waits for it.
 */
const WITHOUT_CHAIN_STATE =
  /^\/+api\/+(health|early-access|register-interest|docs|auth\/+config|login|logout|register|password-reset)(\/|$)/i;
const readsChainState = (path: string) => /^\/+api(\/|$)/i.test(path) && !WITHOUT_CHAIN_STATE.test(path);

/**
 * How long a request may take to arrive (Node's `requestTimeout`; Node checks every 30 s, so up to 30 s later). The
 * largest request is an upload (10 MB of evidence or a deed), which gets UPLOAD_TIMEOUTS.totalMs (60 s) and answers
 * its own 408; this is a little longer, so that answer comes first. A JSON body is at most 100 kB. It was 300 s,
 * Node's default, which let a slowly sent body hold a connection five minutes.
 */
export const REQUEST_TIMEOUT_MS = UPLOAD_TIMEOUTS.totalMs + 5_000;

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

/**
 * Paths that name a file of the kinds a frontend build emits (a script chunk, a style sheet, a picture, a font):
 * when no such file exists they are a 404, never the page — a browser would otherwise run index.html as a
 * script and report a MIME type error instead of the missing chunk. The client's routes have no extension.
 */
const BUILT_FILE =
  /\.(m?js|css|map|html?|json|txt|xml|webmanifest|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|otf|eot|wasm)$/i;

/**
 * Whether the pages' catch-all answers a path with the page: not /api/… (paths match case-insensitively, as the
 * API's routes do, so /API/… is never the page) and not a built file's name.
 */
const isPage = (path: string) => !/^\/+api(\/|$)/i.test(path) && !BUILT_FILE.test(path);

/** The single-page app: static files, and index.html for any other non-API GET (client-side routes). */
async function serveFrontend(app: NestFastifyApplication, dist: string): Promise<void> {
  const server = app.getHttpAdapter().getInstance();
  await server.register(fastifyStatic, {
    root: dist,
    index: false,
    // One route per built file (the build is done before the app starts), leaving other paths to the routes below.
    wildcard: false,
    maxAge: '1h',
    setHeaders: (reply, path) => {
      if (path.endsWith('.html')) reply.header('Cache-Control', 'no-cache');
      // The type scripts were always sent with (and the one the HTML standard names).
      if (/\.m?js$/.test(path)) reply.header('Content-Type', 'text/javascript; charset=utf-8');
    },
  });
  server.route({
    method: 'GET',
    url: '/*',
    // HEAD too (RFC 9110 section 9.3.2: the GET's answer without its body), for uptime monitors and link checkers; the
    // handler below runs for it as well, so /api/… and missing built files stay 404s for HEAD as for GET.
    handler: (req, reply) => {
      if (!isPage(pathOf(req.raw as { url: string }))) return reply.callNotFound();
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html', dist, { cacheControl: false });
    },
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
  try {
    await running.app.listen(options.port ?? running.config.port, '0.0.0.0');
  } catch (error) {
    // E.g. the port is taken: nothing opened for the app is left behind.
    await running.close();
    throw error;
  }
  running.serving();
  const { port } = running.app.getHttpServer().address() as AddressInfo;
  const { dataDir } = running.config;
  running.lock?.setPort(port);
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
