import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db.ts";
import type { Logger } from "../../platform/logger.ts";
import { startQueueLoop } from "../../platform/queue-loop.ts";
import type { Storage } from "../../platform/storage.ts";

/** First retry after 2 s, then doubling, at most every 5 minutes: an outage of any length loses nothing. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
}
/** How long one process holds a claimed upload before another may try it (it died mid-upload). */
const LEASE_MS = 2 * 60_000;
const BATCH = 4;

type Pending = { call_id: string; storage_key: string; body: Uint8Array; attempts: number };

/**
 * Stores call recordings. When the store cannot take one (unreachable bucket, full disk), the bytes are
 * kept in the database instead (pending_recordings) and `pass` retries them; the call itself completes.
 */
export function createRecordingUploads(deps: { db: Db; storage: Storage; clock: Clock; log: Logger }) {
  const { db, storage, clock, log } = deps;
  return {
    /** Stores the recording, or keeps it for a retry; answers which. Throws only if the database fails too. */
    async store(orgId: string, callId: string, key: string, wav: Uint8Array): Promise<"stored" | "pending"> {
      try {
        await storage.put(key, wav);
        return "stored";
      } catch (err) {
        log.warn(
          { err, callId, storage: storage.name },
          "recording could not be stored; it is kept in the database and retried",
        );
        await db.query(
          `insert into pending_recordings (call_id, org_id, storage_key, body, attempts, next_attempt_at, last_error)
           values ($1, $2, $3, $4, 1, $5, $6)
           on conflict (call_id) do update set storage_key = excluded.storage_key, body = excluded.body,
             next_attempt_at = excluded.next_attempt_at, last_error = excluded.last_error`,
          [
            callId,
            orgId,
            key,
            Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength),
            new Date(clock.now().getTime() + retryDelayMs(1)),
            (err as Error).message,
          ],
        );
        return "pending";
      }
    },

    /** Tries the due uploads once; answers how many it tried. Any number of processes may run it. */
    async pass(): Promise<number> {
      const now = clock.now();
      const due = await db.query<Pending>(
        `update pending_recordings set next_attempt_at = $2
         where call_id in (select call_id from pending_recordings where next_attempt_at <= $1
                           order by next_attempt_at limit ${BATCH} for update skip locked)
         returning call_id, storage_key, body, attempts`,
        [now, new Date(now.getTime() + LEASE_MS)],
      );
      for (const p of due) {
        try {
          await storage.put(p.storage_key, p.body);
          await db.query("delete from pending_recordings where call_id = $1", [p.call_id]);
          log.info({ callId: p.call_id, attempts: p.attempts + 1 }, "pending recording stored");
        } catch (err) {
          const attempts = p.attempts + 1;
          await db.query(
            "update pending_recordings set attempts = $2, next_attempt_at = $3, last_error = $4 where call_id = $1",
            [p.call_id, attempts, new Date(clock.now().getTime() + retryDelayMs(attempts)), (err as Error).message],
          );
          log.warn({ err, callId: p.call_id, attempts }, "pending recording still cannot be stored");
        }
      }
      return due.length;
    },

    /** Recordings waiting for the store (the readiness check reports it). */
    async pendingCount(): Promise<number> {
      const [row] = await db.query<{ n: number }>("select count(*)::int as n from pending_recordings");
      return row?.n ?? 0;
    },
  };
}
export type RecordingUploads = ReturnType<typeof createRecordingUploads>;

/** Every API and worker process runs it: a recording kept in the database reaches the store once it answers. */
export function startRecordingUploadLoop(uploads: RecordingUploads, opts: { log: Logger; intervalMs?: number }) {
  return startQueueLoop(() => uploads.pass(), {
    log: opts.log,
    what: "recording upload",
    intervalMs: opts.intervalMs ?? 1000,
  });
}
