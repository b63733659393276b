import { test } from "node:test";
import assert from "node:assert/strict";
import { once } from "node:events";
import net from "node:net";
import { dbKinds, openTestDb } from "../../../../tests/support/test-db.ts";
import { openPostgres } from "./db.ts";

const usePostgres = (await dbKinds()).includes("postgres");

test("a PostgreSQL connection that drops mid-transaction fails the transaction, not the process", {
  skip: !usePostgres && "PostgreSQL is not reachable",
}, async () => {
  const { db, drop } = await openTestDb("postgres");
  try {
    await assert.rejects(
      db.tx(async (q) => {
        const [row] = await q.query<{ pid: number }>("select pg_backend_pid() as pid");
        // Another connection ends this one while the transaction waits between statements (a failover, a cut).
        await db.query("select pg_terminate_backend($1)", [row!.pid]);
        await new Promise((r) => setTimeout(r, 200));
        await q.query("select 1");
      }),
    );
    assert.deepEqual(
      await db.query("select 1 as ok"),
      [{ ok: 1 }],
      "the pool serves the next statement on a new connection",
    );
  } finally {
    await drop();
  }
});

test("a server that accepts the connection and never answers fails the opening in seconds, not never", async () => {
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((s) => sockets.add(s)).listen(0, "127.0.0.1");
  await once(silent, "listening");
  const { port } = silent.address() as net.AddressInfo;
  try {
    await assert.rejects(openPostgres(`postgres://postgres@127.0.0.1:${port}/test`, 1), /timeout/i);
  } finally {
    for (const s of sockets) s.destroy();
    silent.close();
  }
});
