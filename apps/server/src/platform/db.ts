import fs from "node:fs";
import path from "node:path";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import pg from "pg";

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

// int8 and numeric as JS numbers in both engines: counts and sums here never pass 2^53.
const toNumber = (v: string) => Number(v);
pg.types.setTypeParser(20, toNumber);
pg.types.setTypeParser(1700, toNumber);

export async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? path.join(dataDir, "pgdata") : undefined, {
    parsers: { [pgliteTypes.INT8]: toNumber, [pgliteTypes.NUMERIC]: toNumber },
    // Trigram indexes for substring search (migration 0016), as PostgreSQL's contrib provides them.
    // pgvector: offered to features/knowledge-base/kb-vectors.ts, which creates it at start (not a migration:
    // a PostgreSQL without pgvector must still migrate).
    extensions: { pg_trgm, vector },
  });
  return {
    kind: "pglite",
    async query<T>(sql: string, params?: unknown[]) {
      return (await db.query<T>(sql, params)).rows;
    },
    async exec(sql) {
      await db.exec(sql);
    },
    tx(fn) {
      return db.transaction((t) =>
        fn({ query: async <T>(sql: string, params?: unknown[]) => (await t.query<T>(sql, params)).rows }),
      );
    },
    close: () => db.close(),
  };
}

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server closes (restart, failover) must not crash the process: the pool drops
  // it and opens a new one on the next query.
  pool.on("error", (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  try {
    await pool.query("select 1");
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  return {
    kind: "postgres",
    async query<T extends object>(sql: string, params?: unknown[]) {
      return (await pool.query<T & pg.QueryResultRow>(sql, params as unknown[])).rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await fn({
          query: async <T extends object>(sql: string, params?: unknown[]) =>
            (await client.query<T & pg.QueryResultRow>(sql, params as unknown[])).rows as T[],
        });
        await client.query("commit");
        return result;
      } catch (err) {
        await client.query("rollback").catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** The database could not be opened: the message is one line an operator can act on. */
export class DatabaseUnavailable extends Error {}

export async function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  try {
    return await (opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir));
  } catch (err) {
    const reason = (err as Error).message.split("\n")[0] || (err as { code?: string }).code || "unknown error";
    throw new DatabaseUnavailable(
      opts.databaseUrl
        ? `Cannot connect to the database at ${describeUrl(opts.databaseUrl)}: ${reason}. Check DATABASE_URL and that PostgreSQL is running.`
        : `Cannot open the embedded database in ${opts.dataDir ?? "memory"}: ${reason}. Check DATA_DIR.`,
    );
  }
}

/** host:port/database, never the password. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

/**
 * Lets timers and I/O run between the statements of a long loop. PGlite answers from this thread and its
 * promises settle as microtasks, so a loop of awaited statements would otherwise never yield.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
