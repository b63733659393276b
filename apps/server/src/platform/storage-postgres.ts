import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Db } from "./db.ts";
import { assertSafeKey, type ByteSpan, type Storage } from "./storage.ts";

/** 256 KiB: a recording of a few minutes is a few dozen rows; a range read fetches only the rows it covers. */
export const DEFAULT_CHUNK_SIZE = 256 * 1024;
/** Chunks fetched per query while streaming (1 MiB at the default size): few round trips, little memory. */
const CHUNKS_PER_READ = 4;
/** A write unfinished after this long was abandoned by a process that died: its chunks are removed. */
const ABANDONED_AFTER = "6 hours";
/** How often a process looks for abandoned writes (after one of its own puts). */
const SWEEP_EVERY_MS = 60 * 60_000;

type ObjectRow = { version: string; size: number; chunk_size: number };

/**
 * Files as chunked rows in the application's own PostgreSQL (migration 0120): every process that reaches the
 * database reads what any other wrote, with no second service to run. A put streams the body in chunk-sized
 * rows under a fresh version, then swaps the object to that version in one transaction (readers never see
 * half an object); a get streams a few chunks per query, only those a range covers.
 */
export function createPostgresStorage(
  db: Db,
  opts: { chunkSize?: number } = {},
): Storage & { sweepAbandoned(): Promise<number> } {
  const chunkSize = opts.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const head = async (key: string) =>
    (await db.query<ObjectRow>("select version, size, chunk_size from storage_objects where key = $1", [key]))[0] ??
    null;
  let lastSweep = 0;

  /** Deletes the chunks of writes abandoned mid-way (their process died); answers how many writes. */
  async function sweepAbandoned(): Promise<number> {
    const stale = await db.query<{ version: string }>(
      `select version from storage_uploads where started_at < now() - interval '${ABANDONED_AFTER}' order by started_at
        limit 100`,
    );
    for (const { version } of stale) {
      await db.query("delete from storage_chunks where version = $1", [version]);
      await db.query("delete from storage_uploads where version = $1", [version]);
    }
    return stale.length;
  }

  return {
    sweepAbandoned,
    name: "PostgreSQL",
    async put(key, body) {
      assertSafeKey(key);
      const version = randomUUID();
      let seq = 0;
      let size = 0;
      const writeChunk = async (data: Buffer) => {
        await db.query("insert into storage_chunks (version, seq, data) values ($1, $2, $3)", [version, seq++, data]);
        size += data.length;
      };
      await db.query("insert into storage_uploads (version, key) values ($1, $2)", [version, key]);
      try {
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        const source = body instanceof Readable ? body : [Buffer.from(body.buffer, body.byteOffset, body.byteLength)];
        for await (const piece of source as AsyncIterable<Buffer | string>) {
          const buf = typeof piece === "string" ? Buffer.from(piece) : piece;
          pending.push(buf);
          pendingBytes += buf.length;
          while (pendingBytes >= chunkSize) {
            const all = Buffer.concat(pending);
            await writeChunk(all.subarray(0, chunkSize));
            pending = [all.subarray(chunkSize)];
            pendingBytes = all.length - chunkSize;
          }
        }
        if (pendingBytes > 0) await writeChunk(Buffer.concat(pending));
        await db.tx(async (q) => {
          const old = await q.query<{ version: string }>(
            "select version from storage_objects where key = $1 for update",
            [key],
          );
          await q.query(
            `insert into storage_objects (key, version, size, chunk_size) values ($1, $2, $3, $4)
             on conflict (key) do update set version = excluded.version, size = excluded.size,
               chunk_size = excluded.chunk_size, updated_at = now()`,
            [key, version, size, chunkSize],
          );
          if (old[0]) await q.query("delete from storage_chunks where version = $1", [old[0].version]);
          await q.query("delete from storage_uploads where version = $1", [version]);
        });
      } catch (err) {
        await db.query("delete from storage_chunks where version = $1", [version]).catch(() => undefined);
        await db.query("delete from storage_uploads where version = $1", [version]).catch(() => undefined);
        throw err;
      }
      if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        void sweepAbandoned().catch(() => undefined); // housekeeping: the next sweep tries again
      }
      return { size };
    },
    async get(key, range) {
      assertSafeKey(key);
      const obj = await head(key);
      if (!obj) return null;
      const span: ByteSpan = range ?? { start: 0, end: obj.size - 1 };
      if (obj.size === 0 || span.end < span.start) return Readable.from([]);
      return Readable.from(readChunks(db, key, obj, span));
    },
    async size(key) {
      assertSafeKey(key);
      return (await head(key))?.size ?? null;
    },
    async delete(key) {
      assertSafeKey(key);
      await db.tx(async (q) => {
        const gone = await q.query<{ version: string }>(
          "delete from storage_objects where key = $1 returning version",
          [key],
        );
        if (gone[0]) await q.query("delete from storage_chunks where version = $1", [gone[0].version]);
      });
    },
    async *list() {
      let after = "";
      for (;;) {
        const rows = await db.query<{ key: string; size: number }>(
          "select key, size from storage_objects where key > $1 order by key limit 500",
          [after],
        );
        yield* rows;
        if (rows.length < 500) return;
        after = rows[rows.length - 1]!.key;
      }
    },
    async check() {
      await db.query("select 1 from storage_objects limit 1");
    },
  };
}

/** The bytes of `span`, fetched a few chunks per query; fails loudly if the object is replaced mid-read. */
async function* readChunks(db: Db, key: string, obj: ObjectRow, span: ByteSpan): AsyncGenerator<Buffer> {
  const first = Math.floor(span.start / obj.chunk_size);
  const last = Math.floor(span.end / obj.chunk_size);
  for (let from = first; from <= last; from += CHUNKS_PER_READ) {
    const to = Math.min(from + CHUNKS_PER_READ - 1, last);
    const rows = await db.query<{ seq: number; data: Uint8Array }>(
      "select seq, data from storage_chunks where version = $1 and seq between $2 and $3 order by seq",
      [obj.version, from, to],
    );
    if (rows.length !== to - from + 1)
      throw new Error(`Stored file ${key} was replaced or deleted while it was being read`);
    for (const row of rows) {
      const data = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
      const offset = row.seq * obj.chunk_size;
      const start = Math.max(span.start - offset, 0);
      const end = Math.min(span.end + 1 - offset, data.length);
      if (end > start) yield data.subarray(start, end);
    }
  }
}
