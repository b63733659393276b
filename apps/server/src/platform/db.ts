import pg from "pg";
import type { Db, Queryable } from "./db-types.ts";
import { openPglite } from "./pglite-in-worker.ts";

export { openPglite };
export type { Db, Queryable };

// int8 and numeric as JS numbers in both engines (PGlite's: pglite.worker.ts): counts and sums here never pass 2^53.
const toNumber = (v: string) => Number(v);
pg.types.setTypeParser(20, toNumber);
pg.types.setTypeParser(1700, toNumber);

export async function openPostgres(url: string, max = 10): Promise<Db> {
  // A server that stops answering (a dropped route, a host gone without a reset) must fail a new connection in
  // seconds, not hang the request or the dialer's pass that asked for it: callers then say why and retry.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000 });
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
      // A connection that drops while the transaction waits between statements emits 'error' on its client, which
      // would crash the process with no listener (the pool listens only to idle clients): the next statement fails
      // instead, and the broken client is destroyed rather than returned to the pool.
      let lost: Error | undefined;
      const onLost = (err: Error) => (lost = err);
      client.on("error", onLost);
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
        client.off("error", onLost);
        client.release(lost);
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
        ? `Cannot connect to the database at ${describeUrl(opts.databaseUrl)}: ` +
            `${reason}. Check DATABASE_URL and that PostgreSQL is running.`
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
