import { createHash } from 'node:crypto';
import type { SqlDatabase } from '../event-store/sql-database.js';
import { type CountedWindows, SWEEP_EVERY } from './counted-windows.js';

/**
 * Counted windows as a `rate_limits` table in the event store's PostgreSQL database, on its connection pool: every
 * replica on that database counts into the same rows. One row per key holding the times of its hits in the window:
 * a hit is one `insert … on conflict do update … returning` (the row lock orders concurrent hits, so each answer
 * counts exactly the hits before it and itself); `expires` (ms) lets a bounded sweep drop keys gone quiet.
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
         key text primary key,
         times bigint[] not null,
         expires bigint not null
       )`,
    );
    await db.query('create index if not exists rate_limits_expires on rate_limits (expires)');
    return new SqlCountedWindows(kind, db);
  }

  async hit(key: string, windowMs: number, now: number): Promise<number[]> {
    const [row] = await this.db.query<{ times: string[] }>(
      `insert into rate_limits as r (key, times, expires) values ($1, array[$2::bigint], $3)
       on conflict (key) do update set
         times = array(select t from unnest(r.times) t where t > $2::bigint - $4::bigint) || $2::bigint,
         expires = greatest(r.expires, excluded.expires)
       returning times`,
      [digest(key), now, now + windowMs, windowMs],
    );
    if (++this.count % SWEEP_EVERY === 0) await this.sweep(now);
    return inWindow(row!.times, windowMs, now);
  }

  async hits(key: string, windowMs: number, now: number): Promise<number[]> {
    const [row] = await this.db.query<{ times: string[] }>('select times from rate_limits where key = $1', [
      digest(key),
    ]);
    return row ? inWindow(row.times, windowMs, now) : [];
  }

  async forget(key: string, at: number): Promise<void> {
    // One occurrence of `at` out of the array, in one statement (the row lock keeps concurrent hits whole).
    await this.db.query(
      `update rate_limits set times =
         times[:array_position(times, $2::bigint) - 1] || times[array_position(times, $2::bigint) + 1:]
       where key = $1 and $2::bigint = any(times)`,
      [digest(key), at],
    );
  }

  async reset(key: string): Promise<void> {
    await this.db.query('delete from rate_limits where key = $1', [digest(key)]);
  }

  /** The connection belongs to the event store, which closes it. */
  async close(): Promise<void> {}

  /** A bounded delete, so no hit ever waits on a long one; the next sweeps take the rest. */
  private async sweep(now: number): Promise<void> {
    await this.db.query(
      'delete from rate_limits where key in (select key from rate_limits where expires <= $1 limit 5000)',
      [now],
    );
  }
}

/** bigint arrives as text: the times in (now − windowMs, now], oldest first. */
function inWindow(times: readonly string[], windowMs: number, now: number): number[] {
  return times
    .map(Number)
    .filter((t) => t > now - windowMs && t <= now)
    .sort((a, b) => a - b);
}

/** Keys hold client addresses: only their digest is stored. */
export function digest(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
