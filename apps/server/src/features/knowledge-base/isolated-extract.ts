import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { runProgram } from "@parley/voice/os/run-program";
import type { Passage } from "./chunk-text.ts";
import { ExtractionError } from "./extraction-error.ts";
import type { DocKind } from "./file-sniff.ts";

/** One document to turn into passages: an uploaded file, or the body of a fetched page. */
export type ExtractJob =
  | {
      kind: DocKind;
      bytes: Uint8Array /** text/plain upload: undecodable "text" is read as Latin-1 */;
      lenientText: boolean;
    }
  | { kind: "page"; bytes: Uint8Array; charset: string /** else plain text */; html: boolean };
/** Passages come in slices: one 19 MB reply took ~400 ms to decode on the receiving event loop. */
export type ExtractReply =
  | { type: "passages"; passages: Passage[] }
  | { type: "done" }
  | { type: "failed"; known: boolean; message: string };
export type ExtractLimits = { memoryMb: number; timeoutMs: number };

const CHILD = fileURLToPath(new URL("./extract.child.ts", import.meta.url));
const TSX = import.meta.resolve("tsx");

/**
 * Extraction and chunking in a child process of its own (extract.child.ts) with a heap limit and a deadline, so
 * a hostile or huge file can fail only itself: the API, the dialer and live calls keep their event loop and
 * memory, and whatever the file made the reader allocate (inside the heap or outside it, as inflated buffers
 * are) goes back to the system when the child exits. A worker thread's would stay in this process. The child is
 * started from the program runner (run-program.ts), not forked from the server.
 * Rejects with ExtractionError (the reason the user reads) when the file breaks a limit or cannot be read.
 */
export async function extractPassages(job: ExtractJob, limits: ExtractLimits): Promise<Passage[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-extract-"));
  try {
    const { bytes, ...meta } = job;
    await fs.writeFile(path.join(dir, "job.json"), JSON.stringify(meta));
    await fs.writeFile(path.join(dir, "bytes"), bytes);
    const signal = AbortSignal.timeout(limits.timeoutMs);
    const args = [`--max-old-space-size=${limits.memoryMb}`, "--import", TSX, CHILD, dir];
    await runProgram(process.execPath, args, { signal }).catch((err: Error & { stderr?: string }) => {
      if (signal.aborted)
        throw new ExtractionError(`reading the file took longer than ${Math.round(limits.timeoutMs / 1000)} s`);
      if (/heap out of memory|allocation failed/i.test(`${err.message}\n${err.stderr ?? ""}`))
        throw new ExtractionError(`reading the file needs more than ${limits.memoryMb} MB of memory`);
      throw new ExtractionError(`the file could not be read (the reader stopped: ${err.message.split("\n")[0]})`);
    });
    return await readReplies(path.join(dir, "replies.ndjson"));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The child's replies, a line at a time, so no one parse holds the event loop for long. */
async function readReplies(file: string): Promise<Passage[]> {
  const passages: Passage[] = [];
  for await (const line of readline.createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    const reply = JSON.parse(line) as ExtractReply;
    if (reply.type === "passages") passages.push(...reply.passages);
    else if (reply.type === "done") return passages;
    else throw reply.known ? new ExtractionError(reply.message) : new Error(reply.message);
  }
  throw new ExtractionError("the file could not be read (the reader stopped before it was done)");
}
