// The database's interface on its own, so db.ts and the PGlite engine it opens both implement it without a cycle.
/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn inside one transaction; rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
