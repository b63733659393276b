import { after, before, describe } from "node:test";
import { openTestDb, dbKinds } from "../../../../tests/support/test-db.ts";
import { storageContract } from "../../../../tests/support/storage-contract.ts";
import type { Db } from "./db.ts";
import type { Storage } from "./storage.ts";
import { createPostgresStorage } from "./storage-postgres.ts";

// The store is PostgreSQL's (the shared default with DATABASE_URL); it runs on PGlite too, which checks the same SQL.
for (const kind of await dbKinds()) {
  describe(`PostgreSQL chunk storage (${kind})`, () => {
    let handle: { db: Db; drop(): Promise<void> };
    let small: Storage;
    let standard: Storage;
    before(async () => {
      handle = await openTestDb(kind);
      small = createPostgresStorage(handle.db, { chunkSize: 1000 });
      standard = createPostgresStorage(handle.db);
    });
    after(() => handle.drop());

    // 256 KiB chunks with a 3 MiB object (12 chunks, several read batches), and tiny chunks so every range crosses many.
    storageContract(`${kind}-256k`, () => standard, { large: 3 * 1024 * 1024 + 17 });
    storageContract(`${kind}-1k`, () => small, { large: 310_000 });
  });
}
