import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "./pglite-in-worker.ts";

test("the embedded database in its worker: rows, PostgreSQL errors with code, commit and rollback", async () => {
  const db = await openPglite(undefined);
  try {
    await db.exec("create table t (id int primary key, data bytea, at timestamptz, n bigint)");
    await db.query("insert into t values ($1, $2, $3, 5)", [1, Buffer.from("hi"), new Date("2026-01-02T03:04:05Z")]);
    const [row] = await db.query<{ id: number; data: Uint8Array; at: Date; n: number }>("select * from t");
    assert.deepEqual(
      { ...row, data: Buffer.from(row!.data).toString() },
      { id: 1, data: "hi", at: new Date("2026-01-02T03:04:05Z"), n: 5 },
    );

    await assert.rejects(db.query("insert into t (id) values (1)"), { code: "23505", constraint: "t_pkey" });

    assert.equal(await db.tx(async (q) => (await q.query("insert into t (id) values (2) returning id"))[0]!.id), 2);
    await assert.rejects(
      db.tx(async (q) => {
        await q.query("insert into t (id) values (3)");
        throw new Error("changed my mind");
      }),
      /changed my mind/,
    );
    // A statement sent while a transaction is open waits for it (one connection) without blocking it.
    await Promise.all([
      db.tx(async (q) => {
        await q.query("insert into t (id) values (10)");
        await new Promise((r) => setTimeout(r, 30));
        await q.query("insert into t (id) values (11)");
      }),
      db.query("insert into t (id) values (12)"),
    ]);
    assert.deepEqual(
      (await db.query<{ id: number }>("select id from t order by id")).map((r) => r.id),
      [1, 2, 10, 11, 12],
    );
  } finally {
    await db.close();
  }
  await assert.rejects(db.query("select 1"), /embedded database stopped/);
});

test("an in-memory database saved whole starts another with its rows; the first keeps its own", async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pglite-copy-")), "copy.tar");
  const first = await openPglite(undefined);
  await first.exec("create table t (id int primary key); insert into t values (1)");
  await first.saveCopy(file);
  const second = await openPglite(undefined, { startFrom: file });
  try {
    await second.query("insert into t values (2)");
    assert.deepEqual(
      (await second.query<{ id: number }>("select id from t order by id")).map((r) => r.id),
      [1, 2],
    );
    assert.deepEqual(
      (await first.query<{ id: number }>("select id from t")).map((r) => r.id),
      [1],
    );
  } finally {
    await Promise.all([first.close(), second.close()]);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
});
