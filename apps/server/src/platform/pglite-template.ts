import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";

/**
 * A new PGlite database starts from a copy of an empty one made earlier on this machine. Creating one
 * runs initdb in WebAssembly, seconds of work; loading a copy takes a fraction of that, and every
 * test file and browser test starts a new database. The copy is made before anything is stored in it, so
 * it holds nothing of anyone's; it is kept per PGlite version in the system's temporary folder.
 */
const VERSION = JSON.parse(
  fs.readFileSync(new URL("../package.json", import.meta.resolve("@electric-sql/pglite")), "utf8"),
).version as string;
const TEMPLATES = path.join(os.tmpdir(), `parley-pglite-${VERSION}`);

/**
 * Opens the database in `pgdata` (a folder; in memory when undefined), new ones from the template. An
 * in-memory one may instead start from `startFrom`, a copy another saved with `saveCopy`.
 */
export async function createPglite(
  pgdata: string | undefined,
  options: PGliteOptions,
  startFrom?: string,
): Promise<PGlite> {
  if (pgdata === undefined) return startFrom ? loadCopy(startFrom, options) : inMemory(options);
  if (!fs.existsSync(pgdata)) await copyFolderTemplate(pgdata, options).catch(() => undefined);
  return PGlite.create(pgdata, options);
}

/** Writes an in-memory database to `file` (uncompressed tar), whole or not at all. */
export async function saveCopy(db: PGlite, file: string): Promise<void> {
  const dump = await db.dumpDataDir("none");
  writeOnce(file, Buffer.from(await dump.arrayBuffer()));
}

const loadCopy = (file: string, options: PGliteOptions) =>
  PGlite.create(undefined, { ...options, loadDataDir: new Blob([fs.readFileSync(file)]) });

async function inMemory(options: PGliteOptions): Promise<PGlite> {
  // Uncompressed: the tar loads faster than a gzip of it unpacks, and both far faster than initdb.
  const file = path.join(TEMPLATES, "empty.tar");
  if (fs.existsSync(file)) {
    try {
      return await loadCopy(file, options);
    } catch {
      fs.rmSync(file, { force: true }); // unreadable: made again below
    }
  }
  const db = await PGlite.create(undefined, options);
  await saveCopy(db, file);
  return db;
}

/** On disk, loading a dump is as slow as initdb, so the template there is a folder that is copied. */
async function copyFolderTemplate(pgdata: string, options: PGliteOptions): Promise<void> {
  const template = path.join(TEMPLATES, "pgdata");
  if (!fs.existsSync(template)) {
    fs.mkdirSync(TEMPLATES, { recursive: true });
    const making = `${template}.${process.pid}.${Date.now()}`;
    await (await PGlite.create(making, options)).close();
    moveOnce(making, template);
  }
  // Copied whole or not at all: a half-copied folder would not open.
  const copying = `${pgdata}.${process.pid}.copying`;
  fs.cpSync(template, copying, { recursive: true });
  fs.renameSync(copying, pgdata);
}

// Several test processes may make a template at once: each writes its own, the first rename wins.
function writeOnce(file: string, bytes: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const making = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(making, bytes);
  moveOnce(making, file);
}

function moveOnce(from: string, to: string): void {
  try {
    fs.mkdirSync(path.dirname(to), { recursive: true });
    if (fs.existsSync(to)) throw new Error("already made");
    fs.renameSync(from, to);
  } catch {
    fs.rmSync(from, { recursive: true, force: true });
  }
}
