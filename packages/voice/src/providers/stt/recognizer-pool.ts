import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import type { FromRecognizer, RecognizerWorkerData, ToRecognizer } from "./recognizer-messages.ts";
import { startTsWorker } from "../../os/ts-worker.ts";
import type { Pass } from "./two-pass.ts";

/** One call's recognition on a recognizer thread: both passes of each utterance, and the partial words. */
export type RecognizerStream = {
  write(frame: Int16Array): void;
  partial(): string;
  flush(): Promise<{ general: Pass; biased: Pass }>;
  close(): void;
};

export type RecognizerPool = {
  /** A call's stream; `domain` (its domain model's files) may still be being written. */
  open(domain: Promise<{ lm: string; dict: string }>): RecognizerStream;
  readonly threads: number;
};

type Thread = { worker: Worker; calls: number; failed: string | null; pending: Map<string, (m: FromRecognizer) => void>; partials: Map<number, (text: string) => void> };

/**
 * Recognizer threads (recognizer.worker.ts), one per core by default, each holding the decoders of the
 * calls it was given; a new call goes to the thread with the fewest. A thread keeps the process alive only
 * while it has calls.
 */
export function createRecognizerPool(o: { modelDir: string; logFile: string; threads?: number }): RecognizerPool {
  const size = Math.max(1, o.threads ?? os.availableParallelism());
  const data: RecognizerWorkerData = { modelDir: o.modelDir, logFile: o.logFile, lock: new SharedArrayBuffer(4) };
  const threads: Thread[] = [];
  let nextId = 1;

  const start = (): Thread => {
    const worker = startTsWorker(new URL("./recognizer.worker.ts", import.meta.url), { workerData: data });
    const t: Thread = { worker, calls: 0, failed: null, pending: new Map(), partials: new Map() };
    worker.on("message", (m: FromRecognizer) => {
      if (m.type === "partial") return t.partials.get(m.id)?.(m.text);
      const key = `${m.id}:${m.seq}`;
      t.pending.get(key)?.(m);
      t.pending.delete(key);
    });
    worker.on("error", (err) => {
      t.failed = `recognizer thread failed: ${err.message}`;
      for (const settle of t.pending.values()) settle({ type: "error", id: 0, seq: 0, message: t.failed });
      t.pending.clear();
      threads.splice(threads.indexOf(t), 1);
    });
    worker.unref();
    threads.push(t);
    return t;
  };
  const pick = (): Thread => (threads.length < size ? start() : threads.reduce((a, b) => (b.calls < a.calls ? b : a)));

  return {
    threads: size,
    open(domain) {
      const t = pick();
      const id = nextId++;
      if (t.calls++ === 0) t.worker.ref();
      let partial = "";
      let seq = 0;
      let closed = false;
      t.partials.set(id, (text) => (partial = text));
      const post = (m: ToRecognizer) => t.worker.postMessage(m);
      // Frames that arrive while the domain model is still being written wait for it, in order.
      let queue: ToRecognizer[] | null = [];
      const opened = domain.then(
        (files) => {
          post({ type: "open", id, domain: files });
          for (const m of queue ?? []) post(m);
          queue = null;
        },
        (err: Error) => {
          queue = null;
          throw err;
        },
      );
      opened.catch(() => {}); // surfaces on flush
      const send = (m: ToRecognizer) => (queue ? queue.push(m) : post(m));
      return {
        write: (frame) => void (!closed && send({ type: "write", id, frame })),
        partial: () => partial,
        async flush() {
          await opened;
          if (t.failed) throw new Error(t.failed);
          const key = `${id}:${++seq}`;
          const answer = await new Promise<FromRecognizer>((resolve) => {
            t.pending.set(key, resolve);
            send({ type: "flush", id, seq });
          });
          partial = "";
          if (answer.type === "error") throw new Error(answer.message);
          if (answer.type !== "result") throw new Error(`recognizer answered ${answer.type}`);
          return { general: answer.general, biased: answer.biased };
        },
        close() {
          if (closed) return;
          closed = true;
          t.partials.delete(id);
          void opened.then(() => post({ type: "close", id }), () => {}).finally(() => {
            if (--t.calls === 0) t.worker.unref();
          });
        },
      };
    },
  };
}

/** A log file of this process's own for sphinxbase (removed when the process exits). */
export function processLogFile(): string {
  const file = path.join(os.tmpdir(), `parley-pocketsphinx-${process.pid}.log`);
  fs.writeFileSync(file, "");
  process.once("exit", () => fs.rmSync(file, { force: true }));
  return file;
}
