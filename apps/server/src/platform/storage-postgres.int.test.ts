import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
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
    let standard: ReturnType<typeof createPostgresStorage>;
    before(async () => {
      handle = await openTestDb(kind);
      small = createPostgresStorage(handle.db, { chunkSize: 1000 });
      standard = createPostgresStorage(handle.db);
    });
    after(() => handle.drop());

    // 256 KiB chunks with a 3 MiB object (12 chunks, several read
    // batches), and tiny chunks so every range crosses many.
    storageContract(`${kind}-256k`, () => standard, { large: 3 * 1024 * 1024 + 17 });
    storageContract(`${kind}-1k`, () => small, { large: 310_000 });

    test("chunks of a write abandoned hours ago (its process died) are removed; a write under way is not", async () => {
      const q = handle.db;
      await q.query(
        `insert into storage_uploads (version, key, started_at)
          values ('00000000-0000-4000-8000-000000000001', 'dead.bin', now() - interval '7 hours'),
          ('00000000-0000-4000-8000-000000000002', 'live.bin', now())`,
      );
      await q.query(
        "insert into storage_chunks (version, seq, data) values " +
          "('00000000-0000-4000-8000-000000000001', 0, '\\x01'), " +
          "('00000000-0000-4000-8000-000000000002', 0, '\\x02')",
      );
      assert.equal(await standard.sweepAbandoned(), 1);
      const left = await q.query<{ version: string }>(
        `select version from storage_chunks where version::text like '00000000-%' union all select version
          from storage_uploads`,
      );
      assert.deepEqual(
        left.map((r) => r.version),
        ["00000000-0000-4000-8000-000000000002", "00000000-0000-4000-8000-000000000002"],
      );
      const uploadsLeft = await q.query("select 1 from storage_uploads where key not in ('live.bin')");
      assert.deepEqual(uploadsLeft, [], "finished and failed puts leave no upload row behind");
    });
  });
}
