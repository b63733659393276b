import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../platform/config.ts";
import { openDb, type Db } from "../platform/db.ts";
import { migrate } from "../platform/migrate.ts";
import { copyStorage } from "../platform/storage-copy.ts";
import { createStorage, localRoot } from "../platform/storage-select.ts";
import type { StorageChoice } from "../platform/storage-url.ts";
import { runMain } from "./run-main.ts";

const USAGE =
  "Usage: npm run storage:copy -- --to <postgres | s3://bucket?endpoint=… | file:///folder> " +
  `[--from <same forms>]
Copies every stored file (recordings, voice previews, uploads, documents) from --from (default: the embedded
default folder, DATA_DIR/files) to --to. It reads DATA_DIR, DATABASE_URL and the AWS_* keys as npm start does.
Files already there with the same size are skipped, so running it again finishes an interrupted copy.`;

/** `npm run storage:copy`: moves what the local folder holds to the shared store, before switching to it. */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { to: { type: "string" }, from: { type: "string" }, help: { type: "boolean" } },
  });
  if (values.help || !values.to) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const base = loadConfig();
  const choose = (url: string, flag: string): StorageChoice => {
    try {
      return loadConfig({ ...process.env, STORAGE_URL: url }).storage;
    } catch (err) {
      if (err instanceof ConfigError) throw new ConfigError(err.message.replace("STORAGE_URL", flag));
      throw err;
    }
  };
  const to = choose(values.to, "--to");
  const from: StorageChoice = values.from
    ? choose(values.from, "--from")
    : { kind: "file", dir: localRoot(base.dataDir) };
  if (JSON.stringify(to) === JSON.stringify(from))
    throw new ConfigError("--from and --to name the same store: nothing to copy");

  // Only a PostgreSQL side needs the database (and its storage tables, which migrate creates).
  let db: Db | null = null;
  if (to.kind === "postgres" || from.kind === "postgres") {
    db = await openDb({ databaseUrl: base.databaseUrl, dataDir: base.dataDir });
    await migrate(db);
  }
  const source = createStorage(from, { db, dataDir: base.dataDir });
  const target = createStorage(to, { db, dataDir: base.dataDir });
  console.log(`Copying from ${source.name} to ${target.name}…`);
  try {
    await target.check();
  } catch (err) {
    const reason = (err as Error).message || (err as { name?: string }).name || "no answer";
    throw new ConfigError(
      `Cannot reach ${target.name}: ${reason}. Check the address and keys, and that it is running.`,
    );
  }
  const report = await copyStorage(source, target, (key, outcome) => {
    if (outcome !== "skipped") console.log(`  ${outcome} ${key}`);
  });
  await db?.close();
  const mb = (report.copiedBytes / 1024 / 1024).toFixed(1);
  console.log(
    `Copied ${report.copied} file(s) (${mb} MB); ${report.skipped} already there; ${report.failed.length} failed.`,
  );
  for (const f of report.failed) console.error(`  failed ${f.key}: ${f.reason}`);
  if (report.failed.length) {
    console.error("Run the same command again to retry the failed files.");
    return 1;
  }
  return 0;
}

runMain(main);
