import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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

/**
 * Both engines when PostgreSQL answers; PGlite alone (with a printed warning) otherwise. For code whose
 * behaviour depends on the engine: transactions and locks between requests or processes, queues and leases,
 * notifications, migrations, stored files, vectors, the embedded database's worker.
 */
export async function dbKinds(): Promise<DbKind[]> {
  postgresReachable ??= canReachPostgres();
  return (await postgresReachable) ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * One engine for plain request/response routes: PostgreSQL when it answers, else PGlite. PGlite is PostgreSQL
 * compiled to WebAssembly, so such a route's SQL means the same on both, and a file on PGlite costs several
 * times its time on PostgreSQL (DESIGN.md); the embedded path stays covered by the files on `dbKinds()`, the
 * whole-call lane and the browser test of `npm start`.
 */
export async function routeDbKinds(): Promise<DbKind[]> {
  return (await dbKinds()).includes("postgres") ? ["postgres"] : ["pglite"];
}

/**
 * Every test file opens fresh databases, and migrating one costs about 1.5 s of CPU on PGlite and 1.2 s on
 * PostgreSQL: each starts instead from a copy migrated once per set of migrations (the hash of their files),
 * which migrate() then finds up to date.
 */
const MIGRATIONS = new URL("../../apps/server/src/platform/migrations/", import.meta.url).pathname;
const migrationsHash = (() => {
  const h = crypto.createHash("sha256");
  for (const f of fs
    .readdirSync(MIGRATIONS)
    .filter((n) => n.endsWith(".sql"))
    .sort())
    h.update(f).update(fs.readFileSync(path.join(MIGRATIONS, f)));
  return h.digest("hex").slice(0, 12);
})();

async function migratedPglite(): Promise<Db> {
  const copy = path.join(os.tmpdir(), `parley-test-pglite-${migrationsHash}.tar`);
  if (fs.existsSync(copy)) {
    const db = await openPglite(undefined, { startFrom: copy }).catch(() => null);
    if (db) return db;
    fs.rmSync(copy, { force: true });
  }
  const db = await openPglite(undefined);
  await migrate(db);
  await db.saveCopy(copy);
  return db;
}

/** The name of a database on the server migrated to the current set; made once (under a lock) for all test files. */
async function migratedTemplate(admin: pg.Client): Promise<string> {
  const name = `parley_tpl_${migrationsHash}`;
  await admin.query("select pg_advisory_lock(7263002)");
  try {
    if ((await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount) return name;
    // Built under another name and renamed once migrated: a failed build never passes for a template.
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building}`);
    await admin.query(`create database ${building}`);
    await admin.query(`alter database ${building} set synchronous_commit = off`); // as the test databases below
    const db = await openPostgres(ADMIN_URL.replace(/\/[^/]*$/, `/${building}`), 1);
    await migrate(db);
    await db.close();
    await retryWhileInUse(() => admin.query(`alter database ${building} rename to ${name}`));
    // Templates of earlier migration sets are no use any more (one still being copied from stays).
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'parley\\_tpl\\_%' and datname <> $1",
      [name],
    );
    for (const { datname } of stale.rows)
      await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock(7263002)");
  }
}

/**
 * Runs a statement that needs a database nobody is connected to, while a closed pool's sockets (or a vacuum) finish.
 */
async function retryWhileInUse(run: (attempt: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await run(i);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== "55006" || i >= 40) throw err; // 55006: still in use
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/**
 * A fresh, migrated database: PGlite in memory (or in `pgliteDir`, on disk as `npm start` keeps it), or a
 * new throw-away database on the PostgreSQL server.
 */
export async function openTestDb(
  kind: DbKind,
  pgliteDir?: string,
): Promise<{ db: Db; url?: string; drop(): Promise<void> }> {
  if (kind === "pglite") {
    const db = pgliteDir ? await openPglite(pgliteDir) : await migratedPglite();
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const name = `parley_t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const template = await migratedTemplate(admin);
  await retryWhileInUse(() => admin.query(`create database ${name} template ${template}`));
  // A throw-away database need not survive a crash: commits do not wait for the WAL to reach the disk (every
  // connection to it, the test's and a server's or worker's it starts). Visibility is unchanged; only a disk's
  // fsync latency leaves each commit (2.5 ms here, more on a busy disk).
  await admin.query(`alter database ${name} set synchronous_commit = off`);
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
      await retryWhileInUse((i) => c.query(`drop database if exists ${name}${i >= 40 ? " with (force)" : ""}`));
      await c.end();
    },
  };
}
