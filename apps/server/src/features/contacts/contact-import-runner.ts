import type { Readable } from "node:stream";
import { startTsWorker } from "@parley/voice/os/ts-worker";
import { NotCsvError } from "./csv-decode.ts";
import {
  readContactList,
  type ContactImportOptions,
  type ContactListSummary,
  type ParsedContact,
} from "./contact-import.ts";
import type { WorkerMessage } from "./contact-import.worker.ts";

/** Below this size parsing in-process is quicker than starting a worker (~0.4 s). */
const WORKER_THRESHOLD_BYTES = 2 * 1024 * 1024;

const WORKER_URL = new URL("./contact-import.worker.ts", import.meta.url);

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** Messages of a worker as an async generator, in order; the worker ends when the generator does. */
async function* fromWorker(
  bytes: Buffer,
  opts: ContactImportOptions,
): AsyncGenerator<ParsedContact[], ContactListSummary> {
  const worker = startTsWorker(WORKER_URL, { workerData: { bytes, opts } });
  const queue: WorkerMessage[] = [];
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  worker.on("message", (m: WorkerMessage) => {
    queue.push(m);
    wake?.();
  });
  worker.on("error", (err) => {
    failure = err;
    wake?.();
  });
  worker.on("exit", (code) => {
    failure ??= new Error(`contact import worker stopped (exit code ${code})`);
    wake?.();
  });
  try {
    for (;;) {
      while (!queue.length && !failure) await new Promise<void>((r) => (wake = r));
      const m = queue.shift();
      if (!m) throw failure!;
      if (m.type === "batch") yield m.contacts;
      else if (m.type === "done") return m.summary;
      else throw m.notCsv ? new NotCsvError(m.message) : new Error(m.message);
    }
  } finally {
    await worker.terminate();
  }
}

/**
 * Batches of contacts from a stored CSV. A big file is parsed on a worker thread, so reading and
 * checking numbers (CPU) overlaps with storing the batches (the database, on this thread).
 */
export async function* contactBatches(
  open: () => Promise<Readable>,
  size: number,
  opts: ContactImportOptions,
): AsyncGenerator<ParsedContact[], ContactListSummary> {
  if (size < WORKER_THRESHOLD_BYTES) return yield* readContactList(open, opts);
  return yield* fromWorker(await readAll(await open()), opts);
}
