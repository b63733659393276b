import fs from "node:fs";
import path from "node:path";
import type { Db } from "./db.ts";

const MIGRATIONS_DIR = new URL("./migrations/", import.meta.url).pathname;

/**
 * Applies every migrations/*.sql file not yet applied, in name order, each in its own transaction.
 * An advisory lock keeps two processes starting together from racing on PostgreSQL.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(
    `create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default
      now())`,
  );
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const applied: string[] = [];
  await db.tx(async (q) => {
    await q.query("select pg_advisory_xact_lock(7263001)");
    const done = new Set((await q.query<{ name: string }>("select name from schema_migrations")).map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = fs.readFileSync(path.join(dir, file), "utf8");
      for (const statement of splitStatements(sql)) await q.query(statement);
      await q.query("insert into schema_migrations (name) values ($1)", [file]);
      applied.push(file);
    }
  });
  return applied;
}

/** Splits on semicolons at line ends, outside dollar-quoted bodies (enough for our own migration files). */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = "";
  let inDollar = false;
  for (const line of sql.split("\n")) {
    if (line.trim().startsWith("--") && !inDollar) continue;
    current += line + "\n";
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inDollar = !inDollar;
    if (!inDollar && line.trimEnd().endsWith(";")) {
      out.push(current.trim());
      current = "";
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
