import { createHash } from 'node:crypto';
import type { SqlDatabase } from '../event-store/sql-event-store.js';
import { type CountedWindows, SWEEP_EVERY } from './counted-windows.js';

/**
 * Counted windows as a `rate_limits` table in the event store's PostgreSQL database, on its connection pool: every
 * replica on that database counts into the same rows. One row per (key, millisecond) with a count, so a hit is one
 * atomic `insert … on conflict do update`; `expires` (ms) lets a sweep drop rows that left their window.
 */
export class SqlCountedWindows implements CountedWindows {
  private count = 0;

  private constructor(
    readonly kind: string,
    private readonly db: SqlDatabase,
  ) {}

  static async open(db: SqlDatabase, kind = 'sql'): Promise<SqlCountedWindows> {
    await db.query(
      `create table if not exists rate_limits (
         key text not null,
         at bigint not null,
         count integer not null,
         expires bigint not null,
         primary key (key, at)
       )`,
    );
    await db.query('create index if not exists rate_limits_expires on rate_limits (expires)');
    return new SqlCountedWindows(kind, db);
  }

  async hit(key: string, windowMs: number, now: number): Promise<number[]> {
    await this.db.query(
      `insert into rate_limits (key, at, count, expires) values ($1, $2, 1, $3)
       on conflict (key, at) do update set count = rate_limits.count + 1,
         expires = greatest(rate_limits.expires, excluded.expires)`,
      [digest(key), now, now + windowMs],
    );
    if (++this.count % SWEEP_EVERY === 0) await this.sweep(now);
    return this.hits(key, windowMs, now);
  }

  async hits(key: string, windowMs: number, now: number): Promise<number[]> {
    const rows = await this.db.query<{ at: string; count: number }>(
      'select at, count from rate_limits where key = $1 and at > $2 and at <= $3 order by at',
      [digest(key), now - windowMs, now],
    );
    return rows.flatMap((r) => Array<number>(r.count).fill(Number(r.at)));
  }

  async forget(key: string, at: number): Promise<void> {
    const k = digest(key);
    await this.db.query('update rate_limits set count = count - 1 where key = $1 and at = $2 and count > 0', [k, at]);
    await this.db.query('delete from rate_limits where key = $1 and at = $2 and count <= 0', [k, at]);
  }

  async reset(key: string): Promise<void> {
    await this.db.query('delete from rate_limits where key = $1', [digest(key)]);
  }

  /** The connection belongs to the event store, which closes it. */
  async close(): Promise<void> {}

  /** A bounded delete, so no hit ever waits on a long one; the next sweeps take the rest. */
  private async sweep(now: number): Promise<void> {
    await this.db.query(
      'delete from rate_limits where ctid in (select ctid from rate_limits where expires <= $1 limit 5000)',
      [now],
    );
  }
}

/** Keys hold client addresses: only their digest is stored. */
export function digest(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
