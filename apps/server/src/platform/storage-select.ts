import path from "node:path";
import { ConfigError, type Config } from "./config.ts";
import type { Db } from "./db.ts";
import { createLocalStorage, type Storage } from "./storage.ts";
import { createPostgresStorage } from "./storage-postgres.ts";
import { createS3Storage } from "./storage-s3.ts";
import type { StorageChoice } from "./storage-url.ts";

/**
 * The store STORAGE_URL names. Unset, it follows the database: on PostgreSQL the files go in it too (every
 * process that shares the database shares the files), on the embedded database they stay in DATA_DIR/files.
 */
export function createStorage(choice: StorageChoice, deps: { db: Db | null; dataDir: string }): Storage {
  switch (choice.kind) {
    case "default":
      return deps.db?.kind === "postgres"
        ? createPostgresStorage(deps.db)
        : createLocalStorage(localRoot(deps.dataDir));
    case "file":
      return createLocalStorage(choice.dir);
    case "postgres":
      if (deps.db?.kind !== "postgres")
        throw new ConfigError("Storage in PostgreSQL needs DATABASE_URL: the embedded database is not shared");
      return createPostgresStorage(deps.db);
    case "s3":
      return createS3Storage(choice.s3);
  }
}

/** The embedded default's folder, also the source `npm run storage:copy` reads by default. */
export const localRoot = (dataDir: string) => path.join(dataDir, "files");

export function storageFromConfig(config: Pick<Config, "storage" | "dataDir">, db: Db): Storage {
  return createStorage(config.storage, { db, dataDir: config.dataDir });
}
