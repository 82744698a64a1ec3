import { resolve } from 'node:path';

export const EVENT_STORE_KINDS = ['memory', 'pglite', 'postgres', 'eventstoredb'] as const;
export const READ_STORE_KINDS = ['memory', 'mongodb'] as const;
export type EventStoreKind = (typeof EVENT_STORE_KINDS)[number];
export type ReadStoreKind = (typeof READ_STORE_KINDS)[number];

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
  const readStore = oneOf('READ_STORE', READ_STORE_KINDS, 'memory');

  const portText = env.PORT?.trim() || '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT='${portText}' must be an integer from 0 to 65535`);

  const url = (name: string, schemes: string[], neededBy: boolean, what: string): string | null => {
    const value = env[name]?.trim() || null;
    if (neededBy && !value) problems.push(`${name} is required when ${what}`);
    if (value && !schemes.some((s) => value.startsWith(`${s}://`))) problems.push(`${name} must start with ${schemes.map((s) => `${s}://`).join(' or ')}`);
    return value;
  };
  const databaseUrl = url('DATABASE_URL', ['postgres', 'postgresql'], eventStore === 'postgres', 'EVENT_STORE=postgres');
  const eventStoreUrl = url('EVENTSTORE_URL', ['esdb', 'esdb+discover', 'kurrentdb', 'kdb'], eventStore === 'eventstoredb', 'EVENT_STORE=eventstoredb');
  const mongodbUrl = url('MONGODB_URL', ['mongodb', 'mongodb+srv'], readStore === 'mongodb', 'READ_STORE=mongodb');

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
  };
}
