/** The little a PostgreSQL client must offer (pg and PGlite both fit behind a few lines). */
export interface SqlSession {
  query<R>(text: string, params?: readonly unknown[]): Promise<R[]>;
}

export interface SqlDatabase extends SqlSession {
  /** Runs `work` in one transaction on one connection: commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T>;
  /**
   * `query` as a statement prepared once per connection under `name` (parsed and planned once, then only bound
   * and executed): for the statements run on every append. Outside any transaction of `transaction`'s.
   */
  queryPrepared?<R>(name: string, text: string, params: readonly unknown[]): Promise<R[]>;
}

/** pg returns int8 as a string, PGlite as a number (or a bigint beyond 2^53). */
export type DbInt = string | number | bigint;
