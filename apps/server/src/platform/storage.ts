import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where uploaded and generated files live (CSV contact lists, voice previews, recordings, documents).
 * Keys are relative paths such as "csv/<org>/<id>.csv". Three backends (storage-select.ts picks one):
 * this local folder (the embedded default), PostgreSQL chunks (storage-postgres.ts) and an S3-compatible
 * bucket (storage-s3.ts); the last two are shared by every process.
 */
export interface Storage {
  /** Where the bytes live, for logs and the health check ("local folder", "PostgreSQL", "s3://bucket"). */
  readonly name: string;
  /**
   * Writes the whole body; answers the number of bytes stored. Rejects (and stores nothing new) if the
   * body errors; an existing object under the key is replaced only once the new one is complete.
   */
  put(key: string, body: Readable | Buffer | Uint8Array): Promise<{ size: number }>;
  /**
   * The stored bytes as a stream, or null when nothing is stored under the key. With `range` (inclusive,
   * inside the object's size), only those bytes are read: recordings are served with HTTP Range.
   */
  get(key: string, range?: ByteSpan): Promise<Readable | null>;
  /** Size in bytes, or null when nothing is stored under the key. */
  size(key: string): Promise<number | null>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key with its size, in key order (the copy to shared storage walks it). */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** Answers when the backend is reachable, throws otherwise (the readiness check). */
  check(): Promise<void>;
}

/** Bytes start..end, both inclusive (as in an HTTP Range). */
export type ByteSpan = { start: number; end: number };

const SAFE_KEY = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Keys are relative paths without "..": every backend refuses anything else the same way. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

/** Files under `root` (config.dataDir + "/files"). Writes go to a temporary name, then rename. */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    name: `local folder ${root}`,
    async put(key, body) {
      const file = resolve(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.part`;
      try {
        const source = body instanceof Readable ? body : Readable.from([body]);
        await pipeline(source, fs.createWriteStream(tmp));
        await fs.promises.rename(tmp, file);
      } catch (err) {
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
      return { size: (await fs.promises.stat(file)).size };
    },
    async get(key, range) {
      const file = resolve(key);
      try {
        await fs.promises.access(file);
      } catch {
        return null;
      }
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
    },
    async size(key) {
      try {
        return (await fs.promises.stat(resolve(key))).size;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    async *list() {
      for (const key of (await listFiles(root, "")).sort()) {
        const stat = await fs.promises.stat(path.join(root, key)).catch(() => null);
        if (stat) yield { key, size: stat.size };
      }
    },
    async check() {
      await fs.promises.mkdir(root, { recursive: true });
      await fs.promises.access(root, fs.constants.W_OK);
    },
  };
}

/** Relative paths of the stored files under `dir` (unfinished ".part" writes are not objects). */
async function listFiles(root: string, dir: string): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(root, rel)));
    else if (e.isFile() && !e.name.endsWith(".part") && SAFE_KEY.test(rel)) out.push(rel);
  }
  return out;
}
