import { startTsWorker } from "@parley/voice/os/ts-worker";
import type { Passage } from "./chunk-text.ts";
import { ExtractionError } from "./extraction-error.ts";
import type { DocKind } from "./file-sniff.ts";

/** One document to turn into passages: an uploaded file, or the body of a fetched page. */
export type ExtractJob =
  | { kind: DocKind; bytes: Uint8Array; /** text/plain upload: undecodable "text" is read as Latin-1 */ lenientText: boolean }
  | { kind: "page"; bytes: Uint8Array; charset: string; /** else plain text */ html: boolean };
/** Passages come in slices: one 19 MB message took ~400 ms to decode on the receiving event loop. */
export type ExtractReply = { type: "passages"; passages: Passage[] } | { type: "done" } | { type: "failed"; known: boolean; message: string };
export type ExtractLimits = { memoryMb: number; timeoutMs: number };

const WORKER_URL = new URL("./extract.worker.ts", import.meta.url);

/**
 * Extraction and chunking on a worker thread with its own heap limit and a deadline, so a hostile or
 * huge file can fail only itself: the API, the dialer and live calls keep their event loop and memory.
 * Rejects with ExtractionError (the reason the user reads) when the file breaks a limit or cannot be read.
 */
export function extractPassages(job: ExtractJob, limits: ExtractLimits): Promise<Passage[]> {
  return new Promise((resolve, reject) => {
    const worker = startTsWorker(WORKER_URL, {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 64 },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      finish(() => reject(new ExtractionError(`reading the file took longer than ${Math.round(limits.timeoutMs / 1000)} s`)));
    }, limits.timeoutMs);
    const passages: Passage[] = [];
    worker.on("message", (reply: ExtractReply) => {
      if (reply.type === "passages") passages.push(...reply.passages);
      else if (reply.type === "done") finish(() => resolve(passages));
      else finish(() => reject(reply.known ? new ExtractionError(reply.message) : new Error(reply.message)));
    });
    worker.once("error", (err: Error & { code?: string }) => {
      const outOfMemory = err.code === "ERR_WORKER_OUT_OF_MEMORY";
      finish(() => reject(new ExtractionError(outOfMemory ? `reading the file needs more than ${limits.memoryMb} MB of memory` : `the file could not be read (${err.message})`)));
    });
    worker.once("exit", (code) => finish(() => reject(new ExtractionError(`the file could not be read (reader stopped with code ${code})`))));
  });
}
