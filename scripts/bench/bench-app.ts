import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createServer } from "../../apps/server/src/entry/server.ts";
import type { Clock } from "../../apps/server/src/platform/clock.ts";
import { loadConfig } from "../../apps/server/src/platform/config.ts";
import { openPglite, openPostgres, type Db } from "../../apps/server/src/platform/db.ts";
import { createLogger } from "../../apps/server/src/platform/logger.ts";
import { migrate } from "../../apps/server/src/platform/migrate.ts";
import { buildUser, httpClient, startTestApp, UNLIMITED_SIGNUPS, type TestApp } from "../../tests/support/test-app.ts";
import type { DbKind } from "../../tests/support/test-db.ts";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const KEEP_DIR = path.join(new URL("../../", import.meta.url).pathname, ".tmp", "bench");

/** What a seed leaves for the measurements: its own ids (campaigns…), kept with the database. */
export type SeedMeta = Record<string, string>;
export type SeededApp = {
  t: TestApp;
  token: string;
  orgId: string;
  meta: SeedMeta;
  /** How the data got there: seeded now (with its time) or reused from an earlier run. */
  seeded: { reused: boolean; secs: number; cpuSecs: number };
};

/** One line for a wall-clock figure: on a shared 2-core machine it means little without the load. */
export const load = () =>
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`;
/** CPU seconds of this process (all threads: PGlite runs in a worker thread of it) since `from`. */
export const cpuSecs = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1e6;
};

/**
 * CPU seconds the PostgreSQL backends serving this database have used so far, per backend, read from /proc
 * (the server runs on this machine in the benches; {} elsewhere, and on PGlite, whose work is this
 * process's own). The difference of two readings is the database's CPU for what ran between them.
 */
export async function backendCpu(t: TestApp): Promise<Map<number, number>> {
  const ticks = new Map<number, number>();
  if (t.kind !== "postgres") return ticks;
  const rows = await t.db.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database()");
  for (const { pid } of rows) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks.set(pid, (Number(fields[11]) + Number(fields[12])) / 100); // utime + stime, in clock ticks of 10 ms
    } catch {
      // not on this machine, or the backend has just gone
    }
  }
  return ticks;
}
/** Backend CPU seconds between two readings (a backend that appeared in between counts from zero). */
export const backendCpuSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, secs]) => sum + secs - (before.get(pid) ?? 0), 0);

/**
 * A server over a database seeded once by `seed`. Seeding a million calls takes minutes (PGlite: many), so
 * with BENCH_KEEP=1 the database is kept (PostgreSQL: database parley_bench_<name>; PGlite: on disk in
 * .tmp/bench/<name>, as `npm start` keeps it) and the next run with the same name reuses it after applying
 * any new migrations. Without it the database is a fresh throw-away one, as in the tests.
 */
export async function openSeededApp(
  kind: DbKind,
  name: string,
  seed: (t: TestApp, orgId: string) => Promise<SeedMeta>,
  opts: { clock?: Clock } = {},
): Promise<SeededApp> {
  const keep = process.env.BENCH_KEEP === "1";
  const t = keep ? await startKept(kind, name, opts.clock) : await startTestApp(kind, { clock: opts.clock });
  await t.db.exec(
    `create table if not exists bench_seed (name text primary key, meta jsonb not null, secs float8 not null, cpu_secs
      float8 not null)`,
  );
  const [found] = await t.db.query<{
    meta: SeedMeta & { username: string; password: string; orgId: string };
    secs: number;
    cpu_secs: number;
  }>("select meta, secs, cpu_secs from bench_seed where name = $1", [name]);
  if (found) {
    const token = await logIn(t, found.meta.username, found.meta.password);
    return {
      t,
      token,
      orgId: found.meta.orgId,
      meta: found.meta,
      seeded: { reused: true, secs: found.secs, cpuSecs: found.cpu_secs },
    };
  }
  const user = await buildUser(t);
  const s = performance.now();
  const cpu = process.cpuUsage();
  const meta = { ...(await seed(t, user.orgId)), username: user.username, password: user.password, orgId: user.orgId };
  const seeded = { reused: false, secs: (performance.now() - s) / 1000, cpuSecs: cpuSecs(cpu) };
  await t.db.query("insert into bench_seed (name, meta, secs, cpu_secs) values ($1, $2, $3, $4)", [
    name,
    meta,
    seeded.secs,
    seeded.cpuSecs,
  ]);
  // Seeding a large set outlasts an access token: sign in again for the measurements.
  return { t, token: await logIn(t, user.username, user.password), orgId: user.orgId, meta, seeded };
}

async function logIn(t: TestApp, username: string, password: string): Promise<string> {
  const res = await t.request("POST", "/api/auth/login", { body: { email_or_username: username, password } });
  if (res.status !== 200) throw new Error(`bench login failed: ${res.status} ${res.text}`);
  return res.body.access_token as string;
}

async function startKept(kind: DbKind, name: string, clock: Clock | undefined): Promise<TestApp> {
  let db: Db;
  let url: string | undefined;
  if (kind === "pglite") {
    db = await openPglite(path.join(KEEP_DIR, name));
  } else {
    const dbName = `parley_bench_${name.replace(/[^a-z0-9]/gi, "_").toLowerCase()}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    const [exists] = (await admin.query("select 1 from pg_database where datname = $1", [dbName])).rows;
    if (!exists) await admin.query(`create database ${dbName}`);
    await admin.end();
    url = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
    db = await openPostgres(url, 5);
  }
  await migrate(db);
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEMO: "0",
    WEB_DIST: "/nonexistent",
    DIALER: "0",
    ...UNLIMITED_SIGNUPS,
  });
  const { app, services } = await createServer({ config, db, logger: createLogger(config), clock });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    kind,
    baseUrl,
    db,
    url,
    app,
    services,
    config,
    request: httpClient(baseUrl).request,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
