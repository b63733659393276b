import type { Worker } from "node:worker_threads";
import type { Db, Queryable } from "./db-types.ts";
import type { PgliteOpen, PgliteReply, PgliteRequest, PgliteRequestBody } from "./pglite-protocol.ts";
import { startTsWorker } from "@parley/voice/os/ts-worker";

const WORKER_URL = new URL("./pglite.worker.ts", import.meta.url);
type Pending = { resolve: (rows: unknown[]) => void; reject: (err: Error) => void };

/** An Error carrying the database's fields (code, constraint, detail…), as callers test `err.code`. */
function toError(fields: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(fields.message), fields);
}

/** The embedded database; an in-memory one can be saved whole and another started from the copy. */
export type PgliteDb = Db & { saveCopy(file: string): Promise<void> };

/**
 * The embedded database (PGlite) in a worker thread. PGlite runs SQL synchronously in WebAssembly on the
 * thread that owns it; on the server's thread one indexing statement held every call and request for
 * hundreds of milliseconds (issue 21). Statements still run one at a time, in the order they were sent.
 */
export async function openPglite(
  dataDir: string | undefined,
  opts: Omit<PgliteOpen, "dataDir"> = {},
): Promise<PgliteDb> {
  const worker: Worker = startTsWorker(WORKER_URL, { workerData: { dataDir, ...opts } satisfies PgliteOpen });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | null = null;

  // The worker keeps the process alive only while a statement is on its way, as a socket would.
  worker.unref();
  const settle = (id: number) => {
    const p = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return p;
  };
  worker.on("message", (reply: PgliteReply) => {
    const p = settle(reply.id);
    if (reply.ok) p?.resolve(reply.rows);
    else p?.reject(toError(reply.error));
  });
  const fail = (err: Error) => {
    failure = new Error(`the embedded database stopped: ${err.message}`);
    for (const id of [...pending.keys()]) settle(id)?.reject(failure);
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`its worker exited (code ${code})`)));

  function send(req: PgliteRequest): Promise<unknown[]> {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(req.id, { resolve, reject });
      worker.postMessage(req);
    });
  }
  const request = (req: PgliteRequestBody) => send({ ...req, id: nextId++ } as PgliteRequest);
  const query = async <T>(sql: string, params?: unknown[], tx?: number) =>
    (await request({ op: "query", sql, params, tx })) as T[];

  // Id 0 is the worker's answer once the database is open (or why it could not be).
  await new Promise<unknown[]>((resolve, reject) => {
    worker.ref();
    pending.set(0, { resolve, reject });
  }).catch(async (err: Error) => {
    await worker.terminate();
    throw err;
  });

  return {
    kind: "pglite",
    query: <T>(sql: string, params?: unknown[]) => query<T>(sql, params),
    async exec(sql) {
      await request({ op: "exec", sql });
    },
    async tx(fn) {
      const id = nextId++;
      await send({ id, op: "begin" });
      const q: Queryable = { query: <T>(sql: string, params?: unknown[]) => query<T>(sql, params, id) };
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(q);
      } catch (err) {
        await request({ op: "end", tx: id, commit: false }).catch(() => undefined);
        throw err;
      }
      await request({ op: "end", tx: id, commit: true });
      return result;
    },
    async saveCopy(file) {
      await request({ op: "save", file });
    },
    async close() {
      if (!failure) await request({ op: "close" });
      await worker.terminate();
    },
  };
}
