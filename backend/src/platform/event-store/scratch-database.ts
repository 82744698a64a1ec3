import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server that tests and benchmarks use: TEST_DATABASE_URL, DATABASE_URL, or this machine's. */
export function postgresServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** Runs one statement on the server's maintenance connection (creating or dropping a database). */
export async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A throwaway database for one test file or benchmark run: `create()` before, `drop()` after (forcing out
 * any connection left open). The name carries a random suffix, so parallel runs never meet.
 */
export function scratchDatabase(prefix: string, serverUrl = postgresServerUrl()) {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  return {
    name,
    serverUrl,
    url: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString(),
    create: () => onServer(serverUrl, `create database ${name}`),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
