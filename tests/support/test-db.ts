import crypto from "node:crypto";
import pg from "pg";
import { openPglite, openPostgres, type Db } from "../../apps/server/src/platform/db.ts";
import { migrate } from "../../apps/server/src/platform/migrate.ts";

export type DbKind = "pglite" | "postgres";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
let postgresReachable: Promise<boolean> | undefined;

async function canReachPostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    console.warn(`\n  WARNING: PostgreSQL at ${ADMIN_URL} is not reachable; integration tests run on PGlite only.\n`);
    return false;
  }
}

/** Both engines when PostgreSQL answers; PGlite alone (with a printed warning) otherwise. */
export async function dbKinds(): Promise<DbKind[]> {
  postgresReachable ??= canReachPostgres();
  return (await postgresReachable) ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * A fresh, migrated database: PGlite in memory (or in `pgliteDir`, on disk as `npm start` keeps it), or a
 * new throw-away database on the PostgreSQL server.
 */
export async function openTestDb(kind: DbKind, pgliteDir?: string): Promise<{ db: Db; url?: string; drop(): Promise<void> }> {
  if (kind === "pglite") {
    const db = await openPglite(pgliteDir);
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const name = `parley_t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const db = await openPostgres(url, 5);
  await migrate(db);
  return {
    db,
    url,
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      // The pool's sockets may still be closing: wait for them rather than terminate them (a terminated
      // socket of this process raises "terminating connection due to administrator command" as an uncaught error).
      for (let i = 0; ; i++) {
        try {
          await c.query(`drop database if exists ${name}${i >= 40 ? " with (force)" : ""}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== "55006" || i >= 40) throw err; // 55006: still in use
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      await c.end();
    },
  };
}
