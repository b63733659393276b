import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where uploaded and generated files live (CSV contact lists, voice previews, later recordings).
 * Keys are relative paths such as "csv/<org>/<id>.csv"; a bucket implementation can replace the
 * local folder without touching callers.
 */
export interface Storage {
  /** Writes the whole body; answers the number of bytes stored. Rejects (and stores nothing) if the body errors. */
  put(key: string, body: Readable | Buffer | Uint8Array): Promise<{ size: number }>;
  /** The stored bytes as a stream, or null when nothing is stored under the key. */
  get(key: string): Promise<Readable | null>;
  /** Size in bytes, or null when nothing is stored under the key. */
  size(key: string): Promise<number | null>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._\/-]*$/;

/** Files under `root` (config.dataDir + "/files"). Writes go to a temporary name, then rename. */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
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
    async get(key) {
      const file = resolve(key);
      try {
        await fs.promises.access(file);
      } catch {
        return null;
      }
      return fs.createReadStream(file);
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
  };
}
