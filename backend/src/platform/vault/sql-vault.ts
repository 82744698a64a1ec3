import type { SqlDatabase } from '../event-store/sql-database.js';
import type { Vault } from './vault.js';

/**
 * The vault as a `vault` table in the event store's own PostgreSQL database (pglite or a server), on the
 * event store's connection: PGlite allows one process per folder, and one database keeps backups whole.
 */
export class SqlVault implements Vault {
  private constructor(
    readonly kind: string,
    private readonly db: SqlDatabase,
  ) {}

  static async open(db: SqlDatabase, kind = 'sql'): Promise<SqlVault> {
    await db.query(
      `create table if not exists vault (
         namespace text not null,
         key text not null,
         value text not null,
         updated_at timestamptz not null default now(),
         primary key (namespace, key)
       )`,
    );
    return new SqlVault(kind, db);
  }

  async get(namespace: string, key: string): Promise<string | null> {
    const [row] = await this.db.query<{ value: string }>('select value from vault where namespace = $1 and key = $2', [
      namespace,
      key,
    ]);
    return row?.value ?? null;
  }

  async put(namespace: string, key: string, value: string): Promise<void> {
    await this.db.query(
      `insert into vault (namespace, key, value) values ($1, $2, $3)
       on conflict (namespace, key) do update set value = excluded.value, updated_at = now()`,
      [namespace, key, value],
    );
  }

  async putIfAbsent(namespace: string, key: string, value: string): Promise<string> {
    await this.db.query(
      'insert into vault (namespace, key, value) values ($1, $2, $3) on conflict (namespace, key) do nothing',
      [namespace, key, value],
    );
    return (await this.get(namespace, key)) ?? value;
  }

  async delete(namespace: string, key: string): Promise<void> {
    await this.db.query('delete from vault where namespace = $1 and key = $2', [namespace, key]);
  }

  /** The connection belongs to the event store, which closes it. */
  async close(): Promise<void> {}
}
