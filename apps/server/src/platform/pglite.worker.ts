import fs from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { types as pgliteTypes, type PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import type { PgliteOpen, PgliteReply, PgliteRequest } from "./pglite-protocol.ts";
import { createPglite, saveCopy } from "./pglite-template.ts";

/**
 * Worker side of `openPglite`: the embedded database runs here, so its WebAssembly and its synchronous file
 * writes never hold the server's event loop (calls, health checks) while a big document is indexed.
 */
const toNumber = (v: string) => Number(v);
const port = parentPort!;
const post = (reply: PgliteReply) => port.postMessage(reply);

/** The error's message and its PostgreSQL fields (code, constraint, …): structured clone keeps no class. */
function errorFields(err: unknown): Record<string, unknown> & { message: string } {
  const e = err as Record<string, unknown> & Error;
  const fields: Record<string, unknown> & { message: string } = { message: e?.message ?? String(err) };
  for (const [k, v] of Object.entries(e ?? {}))
    if (v === null || ["string", "number", "boolean"].includes(typeof v)) fields[k] = v;
  return fields;
}

async function open({ dataDir, startFrom }: PgliteOpen): Promise<PGlite> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  return createPglite(
    dataDir ? path.join(dataDir, "pgdata") : undefined,
    {
      parsers: { [pgliteTypes.INT8]: toNumber, [pgliteTypes.NUMERIC]: toNumber },
      // Trigram indexes for substring search (migration 0016), as PostgreSQL's contrib provides them.
      // pgvector: offered to features/knowledge-base/kb-vectors.ts, which creates it at start (not a migration:
      // a PostgreSQL without pgvector must still migrate).
      extensions: { pg_trgm, vector },
    },
    startFrom,
  );
}

/** Open transactions: each waits on its `end` message while the main thread sends its statements. */
type OpenTx = { t: Transaction; end: (commit: boolean) => void; settled: Promise<unknown> };
const transactions = new Map<number, OpenTx>();
const ROLLED_BACK = new Error("rolled back");

async function handle(db: PGlite, req: PgliteRequest): Promise<PgliteReply> {
  const ok: PgliteReply = { id: req.id, ok: true, rows: [] };
  switch (req.op) {
    case "query": {
      const runner = req.tx === undefined ? db : transactions.get(req.tx)?.t;
      if (!runner) throw new Error("the transaction has already ended");
      return { id: req.id, ok: true, rows: (await runner.query(req.sql, req.params)).rows };
    }
    case "exec":
      await db.exec(req.sql);
      return ok;
    case "begin":
      // Answers once BEGIN has run (PGlite first lets the statements queued before it finish).
      return new Promise<PgliteReply>((resolve, reject) => {
        let started = false;
        const settled = db.transaction(
          (t) =>
            new Promise<void>((done, fail) => {
              started = true;
              transactions.set(req.id, { t, settled, end: (commit) => (commit ? done() : fail(ROLLED_BACK)) });
              resolve(ok);
            }),
        );
        settled.catch((err: unknown) => started || reject(err));
      });
    case "end": {
      const tx = transactions.get(req.tx);
      if (!tx) throw new Error("the transaction has already ended");
      transactions.delete(req.tx);
      tx.end(req.commit);
      // A failed COMMIT reaches the caller; the rollback asked for is no error.
      await tx.settled.catch((err: unknown) => {
        if (err !== ROLLED_BACK) throw err;
      });
      return ok;
    }
    case "close":
      await db.close();
      return ok;
    case "save":
      await saveCopy(db, req.file);
      return ok;
  }
}

try {
  const db = await open(workerData as PgliteOpen);
  port.on("message", (req: PgliteRequest) => {
    handle(db, req).then(post, (err: unknown) => post({ id: req.id, ok: false, error: errorFields(err) }));
  });
  post({ id: 0, ok: true, rows: [] });
} catch (err) {
  post({ id: 0, ok: false, error: errorFields(err) });
}
