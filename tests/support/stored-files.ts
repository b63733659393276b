import type { Storage } from "../../apps/server/src/platform/storage.ts";

/**
 * What the app's storage holds, read through the store itself: on PostgreSQL the files live in the database
 * (platform/storage-postgres.ts), on PGlite in DATA_DIR/files, so tests never read the folder directly.
 */
export async function readStored(storage: Storage, key: string): Promise<Buffer> {
  const body = await storage.get(key);
  if (!body) throw new Error(`nothing stored under ${key}`);
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** The stored keys that start with `prefix`. */
export async function storedKeys(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of storage.list()) if (o.key.startsWith(prefix)) keys.push(o.key);
  return keys;
}
