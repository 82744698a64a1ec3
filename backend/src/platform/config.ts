import { isIP } from 'node:net';
import { resolve } from 'node:path';

export const EVENT_STORE_KINDS = ['memory', 'pglite', 'postgres', 'eventstoredb'] as const;
export const READ_STORE_KINDS = ['memory', 'pglite', 'postgres', 'mongodb'] as const;
export type EventStoreKind = (typeof EVENT_STORE_KINDS)[number];
export type ReadStoreKind = (typeof READ_STORE_KINDS)[number];
export const CHAIN_KINDS = ['anvil', 'rpc', 'off'] as const;
export type ChainKindSetting = (typeof CHAIN_KINDS)[number];

export interface Config {
  port: number;
  /** Embedded data (PGlite event log, uploaded documents) lives here. */
  dataDir: string;
  eventStore: EventStoreKind;
  readStore: ReadStoreKind;
  databaseUrl: string | null;
  eventStoreUrl: string | null;
  mongodbUrl: string | null;
  /** Built frontend served beside the API; null serves the API only. */
  frontendDist: string | null;
  logLevel: string;
  identity: IdentityConfig;
  /** Stripe, when STRIPE_SECRET_KEY is set; the in-process sandbox provider otherwise. */
  stripe: StripeConfig | null;
  /** How long a wholesale investor certification stands before it lapses (`WHOLESALE_VALIDITY_MONTHS`, default 24). */
  wholesaleValidityMonths: number;
  /** Strict-Transport-Security on every response (`HSTS=true`); otherwise only on requests that came over TLS. */
  hsts: boolean;
  /**
   * The address people reach the app at (`PUBLIC_URL`, default `http://localhost:<PORT>`): links in e-mails.
   * Never taken from a request's Host header, which the sender controls.
   */
  publicUrl: string;
  mail: MailConfig;
  /** Registrations of interest per client IP per hour (`REGISTER_INTEREST_RATE_LIMIT_PER_IP`, default 5). */
  registerInterestRateLimitPerIp: number;
  chain: ChainConfig;
  /**
   * Which peers' X-Forwarded-For / -Proto / -Host are believed (`TRUST_PROXY`, Fastify's `trustProxy`): a comma list
   * of addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal` (default `loopback`), or false
   * (`TRUST_PROXY=false`: none, the peer is the client).
   */
  trustProxy: string | false;
}

/** The EVM chain tokens are issued on (platform/chain, domains/tokens). */
export interface ChainConfig {
  /**
   * `CHAIN`: `anvil` (default) spawns an embedded node with its state in `DATA_DIR/chain`; `rpc` (the default when
   * `CHAIN_RPC_URL` is set) uses that node; `off` issues nothing on any chain.
   */
  kind: ChainKindSetting;
  /** `CHAIN_RPC_URL`, with `rpc`. */
  rpcUrl: string | null;
  /** `CHAIN_ID`: required with `rpc` (checked against the node); the embedded node's is 31337. */
  chainId: number | null;
  /** `CHAIN_EXPLORER_URL`: links to `<url>/address/<a>` and `<url>/tx/<hash>`; null shows no links. */
  explorerUrl: string | null;
  /**
   * `CHAIN_PENDING_BOUND_SECONDS` (default 120): a chain transaction requested longer ago than this and still
   * without outcome makes `/api/health` degraded.
   */
  pendingBoundSeconds: number;
  /**
   * `CHAIN_BATCH_WAIT_MS` (default 2000): the longest a ready chain transfer (or lock-up, mint, registration) waits
   * for others to join it in one batch; one whose kind was not sent within this time goes at once (domains/tokens).
   */
  batchWaitMs: number;
  /** `CHAIN_BATCH_GAS` (default 15,000,000, half a 30 M block): the most gas one batch may use. */
  batchGas: number;
  /**
   * `STABLECOIN_ADDRESS`: the NZD stablecoin (an ERC-20 in cents, 2 decimals) distributions are paid in on a real
   * network; the platform's signer must hold what a payment run needs (it is refused when it does not). Unset on the
   * embedded chain, Kauri deploys its own test coin and mints what each funded distribution pays; unset with `rpc`,
   * nobody is paid in a stablecoin (every holder by direct credit).
   */
  stablecoinAddress: string | null;
}

/** Outgoing e-mail (platform/mail). */
export interface MailConfig {
  /** `SMTP_URL` (smtp:// or smtps://); null writes messages to the local outbox `DATA_DIR/outbox/`. */
  smtpUrl: string | null;
  /** `MAIL_FROM`, default `Kauri <no-reply@kauri.nz>`. */
  from: string;
}

/** Stripe settings (see domains/billing/README.md). */
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Price ids of the monthly plans (the Starter plan is a one-time payment of its catalogue price). */
  prices: { professional: string; enterprise: string };
  /** Another address for Stripe's API (`STRIPE_API_URL`), e.g. a local stand-in in tests; null for api.stripe.com. */
  apiUrl: string | null;
}

/** Sign-in settings (see domains/identity/README.md). */
export interface IdentityConfig {
  /** Lower-cased e-mails that are admins from registration on (`ADMIN_EMAILS`, comma-separated). */
  adminEmails: string[];
  /** Lifetime of a bearer token from /api/auth/callback (`TOKEN_TTL_SECONDS`, default 3600). */
  tokenTtlSeconds: number;
  /**
   * scrypt's cost as a power of two (`PASSWORD_HASH_COST`, default 15: N = 32768, 32 MiB, ~0.1 s a hash). Lower
   * costs are refused unless NODE_ENV=test: a test suite signs hundreds of people up and in, and needs the same
   * scrypt, not the same tenth of a second each time.
   */
  passwordHashCost: number;
  /**
   * In 15 minutes: failed sign-ins per address, and registrations per address (`AUTH_RATE_LIMIT_PER_IP`, each its
   * own count); failed sign-ins per (account, address) before that pair backs off (`AUTH_RATE_LIMIT_PER_ACCOUNT`);
   * failed sign-ins on an account from any address before browsers that never signed in to it are refused
   * (`AUTH_RATE_LIMIT_PER_ACCOUNT_ANY_ADDRESS`); starts of external sign-in (`GET /api/login`) per address.
   */
  rateLimit: {
    perIp: number;
    perAccount: number;
    perAccountAnyAddress: number;
    signInStartsPerIp: number;
    /** Password reset requests per client IP per hour (`PASSWORD_RESET_RATE_LIMIT_PER_IP`, default 10). */
    resetRequestsPerIp: number;
    /** Reset mails per e-mail address per hour (`PASSWORD_RESET_RATE_LIMIT_PER_ACCOUNT`, default 3). */
    resetMailsPerAccount: number;
    /** Uses of e-mail confirmation links and requests for a new one per client IP per hour (`EMAIL_VERIFICATION_RATE_LIMIT_PER_IP`, default 10). */
    emailVerificationsPerIp: number;
    /** Confirmation mails asked for again per account per hour (`EMAIL_VERIFICATION_RATE_LIMIT_PER_ACCOUNT`, default 3). */
    emailVerificationMailsPerAccount: number;
  };
  /** External OpenID provider, when all of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Reads and validates the environment once at boot; every problem is reported together. */
export function loadConfig(env: Env = process.env, defaults: { frontendDist?: string | null } = {}): Config {
  const problems: string[] = [];
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    problems.push(`${name}='${value}' is not one of: ${allowed.join(', ')}`);
    return fallback;
  };
  const eventStore = oneOf('EVENT_STORE', EVENT_STORE_KINDS, 'pglite');
  // The embedded default keeps its read models in its own PGlite database, so a restart does not replay the log.
  const readStore = oneOf('READ_STORE', READ_STORE_KINDS, eventStore === 'pglite' ? 'pglite' : 'memory');

  const portText = env.PORT?.trim() || '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT='${portText}' must be an integer from 0 to 65535`);

  const url = (name: string, schemes: string[], neededBy: boolean, what: string): string | null => {
    const value = env[name]?.trim() || null;
    if (neededBy && !value) problems.push(`${name} is required when ${what}`);
    if (value && !schemes.some((s) => value.startsWith(`${s}://`)))
      problems.push(`${name} must start with ${schemes.map((s) => `${s}://`).join(' or ')}`);
    return value;
  };
  const databaseUrl = url(
    'DATABASE_URL',
    ['postgres', 'postgresql'],
    eventStore === 'postgres',
    'EVENT_STORE=postgres',
  );
  const eventStoreUrl = url(
    'EVENTSTORE_URL',
    ['esdb', 'esdb+discover', 'kurrentdb', 'kdb'],
    eventStore === 'eventstoredb',
    'EVENT_STORE=eventstoredb',
  );
  const mongodbUrl = url('MONGODB_URL', ['mongodb', 'mongodb+srv'], readStore === 'mongodb', 'READ_STORE=mongodb');
  // EventStoreDB has no place for deletable secrets (the vault), so they go to MongoDB beside the read models.
  // Persisted read models live in the event store's database (one transaction holds a batch and its checkpoint).
  for (const sql of ['pglite', 'postgres'] as const) {
    if (readStore === sql && eventStore !== sql) {
      problems.push(`READ_STORE=${sql} keeps the read models beside the events: it requires EVENT_STORE=${sql}`);
    }
  }
  if (eventStore === 'eventstoredb' && readStore !== 'mongodb')
    problems.push(
      'EVENT_STORE=eventstoredb requires READ_STORE=mongodb (the vault of password hashes and keys lives in MongoDB)',
    );
  const identity = identityConfig(env, problems);
  const stripe = stripeConfig(env, problems);
  const validityText = env.WHOLESALE_VALIDITY_MONTHS?.trim();
  const wholesaleValidityMonths = validityText ? Number(validityText) : 24;
  if (!Number.isInteger(wholesaleValidityMonths) || wholesaleValidityMonths < 1 || wholesaleValidityMonths > 120)
    problems.push(`WHOLESALE_VALIDITY_MONTHS='${validityText}' must be a whole number of months from 1 to 120`);

  const hstsText = env.HSTS?.trim().toLowerCase();
  if (hstsText && hstsText !== 'true' && hstsText !== 'false') {
    problems.push(`HSTS='${env.HSTS?.trim()}' must be true or false`);
  }
  const publicUrlText = env.PUBLIC_URL?.trim().replace(/\/+$/, '');
  if (publicUrlText && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(publicUrlText)) {
    problems.push('PUBLIC_URL must be an http(s) address such as https://kauri.nz');
  }
  const smtpUrl = url('SMTP_URL', ['smtp', 'smtps'], false, '');
  const registerInterestRateLimitPerIp = positiveInteger(env, 'REGISTER_INTEREST_RATE_LIMIT_PER_IP', 5, problems);

  const chain = chainConfig(env, problems);
  const trustProxy = trustProxyConfig(env.TRUST_PROXY, problems);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    dataDir: resolve(env.DATA_DIR?.trim() || 'data'),
    eventStore,
    readStore,
    databaseUrl,
    eventStoreUrl,
    mongodbUrl,
    frontendDist: env.FRONTEND_DIST?.trim() ? resolve(env.FRONTEND_DIST.trim()) : (defaults.frontendDist ?? null),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    identity,
    stripe,
    wholesaleValidityMonths,
    hsts: hstsText === 'true',
    publicUrl: publicUrlText || `http://localhost:${port}`,
    mail: { smtpUrl, from: env.MAIL_FROM?.trim() || 'Kauri <no-reply@kauri.nz>' },
    registerInterestRateLimitPerIp,
    chain,
    trustProxy,
  };
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * `TRUST_PROXY`, checked here because every per-address limit depends on it. Neither `true` nor a hop count is
 * taken: `true` believes X-Forwarded-For from anyone (so every client picks its own address), and Fastify 5 treats
 * a hop count as "trust no peer" (it cannot check the hops) — both would quietly undo the limits.
 */
function trustProxyConfig(text: string | undefined, problems: string[]): string | false {
  const value = text?.trim() ?? '';
  if (!value) return 'loopback';
  if (/^(false|none)$/i.test(value)) return false;
  const advice = "name the proxies instead: addresses or CIDR ranges, e.g. '10.0.0.0/8,loopback'";
  if (/^true$/i.test(value)) {
    problems.push(`TRUST_PROXY=true would believe X-Forwarded-For from any client: ${advice}`);
    return false;
  }
  if (/^\d+$/.test(value)) {
    problems.push(`TRUST_PROXY='${value}': hop counts are not supported (Fastify would trust no proxy); ${advice}`);
    return false;
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !PROXY_RANGE_NAMES.includes(e) && !isAddressOrRange(e));
  if (bad.length > 0) {
    problems.push(
      `TRUST_PROXY: '${bad.join("', '")}' is not an address, a CIDR range or one of ${PROXY_RANGE_NAMES.join(', ')}`,
    );
    return false;
  }
  return entries.join(',');
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function chainConfig(env: Env, problems: string[]): ChainConfig {
  const rpcUrl = env.CHAIN_RPC_URL?.trim() || null;
  const kindText = env.CHAIN?.trim() || (rpcUrl ? 'rpc' : 'anvil');
  const kind = (CHAIN_KINDS as readonly string[]).includes(kindText) ? (kindText as ChainKindSetting) : 'off';
  if (kind !== kindText) problems.push(`CHAIN='${kindText}' is not one of: ${CHAIN_KINDS.join(', ')}`);
  if (rpcUrl && !/^https?:\/\/[^\s]+$/.test(rpcUrl)) problems.push('CHAIN_RPC_URL must start with https:// or http://');
  if (kind === 'rpc' && !rpcUrl) problems.push('CHAIN_RPC_URL is required when CHAIN=rpc');
  const idText = env.CHAIN_ID?.trim();
  const chainId = idText ? Number(idText) : null;
  if (chainId !== null && (!Number.isSafeInteger(chainId) || chainId < 1))
    problems.push(`CHAIN_ID='${idText}' must be a positive integer`);
  if (kind === 'rpc' && chainId === null) problems.push('CHAIN_ID is required with CHAIN_RPC_URL');
  const explorerUrl = env.CHAIN_EXPLORER_URL?.trim().replace(/\/+$/, '') || null;
  if (explorerUrl && !/^https?:\/\/[^\s]+$/.test(explorerUrl))
    problems.push('CHAIN_EXPLORER_URL must start with https:// or http://');
  const pendingBoundSeconds = positiveInteger(env, 'CHAIN_PENDING_BOUND_SECONDS', 120, problems);
  const batchWaitMs = positiveInteger(env, 'CHAIN_BATCH_WAIT_MS', 2_000, problems);
  const batchGas = positiveInteger(env, 'CHAIN_BATCH_GAS', 15_000_000, problems);
  const stablecoinAddress = env.STABLECOIN_ADDRESS?.trim() || null;
  if (stablecoinAddress && !/^0x[0-9a-fA-F]{40}$/.test(stablecoinAddress))
    problems.push('STABLECOIN_ADDRESS must be an address: 0x and 40 hexadecimal digits');
  return { kind, rpcUrl, chainId, explorerUrl, pendingBoundSeconds, batchWaitMs, batchGas, stablecoinAddress };
}

function positiveInteger(env: Env, name: string, fallback: number, problems: string[]): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (Number.isInteger(value) && value > 0) return value;
  problems.push(`${name}='${text}' must be a positive integer`);
  return fallback;
}

function stripeConfig(env: Env, problems: string[]): StripeConfig | null {
  const names = [
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_PROFESSIONAL',
    'STRIPE_PRICE_ENTERPRISE',
  ] as const;
  const [secretKey, publishableKey, webhookSecret, professional, enterprise] = names.map((n) => env[n]?.trim() || null);
  if (!secretKey) {
    if (names.some((n) => env[n]?.trim()))
      problems.push('STRIPE_SECRET_KEY is required when any other STRIPE_ setting is set');
    return null;
  }
  const missing = names.filter((n) => !env[n]?.trim());
  if (missing.length) problems.push(`${missing.join(', ')} must be set with STRIPE_SECRET_KEY`);
  const apiUrl = env.STRIPE_API_URL?.trim() || null;
  if (apiUrl && !/^https?:\/\/[^\s]+$/.test(apiUrl))
    problems.push('STRIPE_API_URL must start with https:// or http://');
  return {
    secretKey,
    publishableKey: publishableKey ?? '',
    webhookSecret: webhookSecret ?? '',
    prices: { professional: professional ?? '', enterprise: enterprise ?? '' },
    apiUrl,
  };
}

/**
 * What a valid configuration still gets wrong for several replicas, said at boot (a warning, not a refusal: one
 * process on a server store is a fine way to run). The local mail outbox is one process's folder: with replicas on a
 * shared event store, a mail interrupted on one would be looked for in another's folder and sent again.
 */
export function bootWarnings(config: Config): string[] {
  const shared = config.eventStore === 'postgres' || config.eventStore === 'eventstoredb';
  if (!shared || config.mail.smtpUrl) return [];
  return [
    `Mail goes to this process's DATA_DIR/outbox/ (no SMTP_URL): with more than one replica on the shared ${config.eventStore} event store, set SMTP_URL so that every replica sends through one server`,
  ];
}

/** scrypt's N = 2^15 (OWASP's minimum for scrypt with r = 8). */
export const DEFAULT_PASSWORD_HASH_COST = 15;

function identityConfig(env: Env, problems: string[]): IdentityConfig {
  const positive = (name: string, fallback: number): number => positiveInteger(env, name, fallback, problems);
  const adminEmails = (env.ADMIN_EMAILS ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const email of adminEmails)
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) problems.push(`ADMIN_EMAILS: '${email}' is not an e-mail address`);
  const issuer = env.OIDC_ISSUER?.trim() || null;
  const clientId = env.OIDC_CLIENT_ID?.trim() || null;
  const clientSecret = env.OIDC_CLIENT_SECRET?.trim() || null;
  const oidcSet = [issuer, clientId, clientSecret].filter(Boolean).length;
  if (oidcSet > 0 && oidcSet < 3)
    problems.push('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (or none of them)');
  if (issuer && !/^https?:\/\/[^\s]+$/.test(issuer))
    problems.push('OIDC_ISSUER must start with https:// (or http:// for a local provider)');
  const passwordHashCost = positive('PASSWORD_HASH_COST', DEFAULT_PASSWORD_HASH_COST);
  const lowest = env.NODE_ENV === 'test' ? 10 : DEFAULT_PASSWORD_HASH_COST;
  if (passwordHashCost < lowest || passwordHashCost > 20)
    problems.push(
      `PASSWORD_HASH_COST='${env.PASSWORD_HASH_COST}' must be from ${DEFAULT_PASSWORD_HASH_COST} to 20` +
        ' (from 10 only when NODE_ENV=test)',
    );
  return {
    adminEmails,
    tokenTtlSeconds: positive('TOKEN_TTL_SECONDS', 3600),
    passwordHashCost,
    rateLimit: {
      perIp: positive('AUTH_RATE_LIMIT_PER_IP', 10),
      perAccount: positive('AUTH_RATE_LIMIT_PER_ACCOUNT', 5),
      perAccountAnyAddress: positive('AUTH_RATE_LIMIT_PER_ACCOUNT_ANY_ADDRESS', 10),
      signInStartsPerIp: positive('SIGN_IN_START_RATE_LIMIT_PER_IP', 30),
      resetRequestsPerIp: positive('PASSWORD_RESET_RATE_LIMIT_PER_IP', 10),
      resetMailsPerAccount: positive('PASSWORD_RESET_RATE_LIMIT_PER_ACCOUNT', 3),
      emailVerificationsPerIp: positive('EMAIL_VERIFICATION_RATE_LIMIT_PER_IP', 10),
      emailVerificationMailsPerAccount: positive('EMAIL_VERIFICATION_RATE_LIMIT_PER_ACCOUNT', 3),
    },
    oidc: issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : null,
  };
}
