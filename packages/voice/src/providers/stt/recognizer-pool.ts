import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import type { FromRecognizer, RecognizerWorkerData, ToRecognizer } from "./recognizer-messages.ts";
import { startTsWorker } from "../../os/ts-worker.ts";
import type { Pass } from "./two-pass.ts";

/** One call's recognition: both passes of each utterance, and the partial words. */
export type RecognizerStream = {
  write(frame: Int16Array): void;
  pause(): void;
  partial(): string;
  flush(): Promise<{ general: Pass; biased: Pass }>;
  close(): void;
};

export type RecognizerPool = {
  /**
   * A call's stream; its domain pass's model is built from `vocabulary` by the thread that runs it.
   * `phoneLine`: the call's leg is a phone line (8 kHz, folded to 16 kHz), heard with the model adapted to it and
   * its own cepstral mean; a wideband leg's decoders follow the caller's (live-cmn.ts).
   */
  open(vocabulary: string[], phoneLine?: boolean): RecognizerStream;
  readonly threads: number;
};

type Thread = { worker: Worker; decoders: number; load: number; failed: string | null; pending: Map<string, (m: FromRecognizer) => void>; partials: Map<number, (text: string) => void> };
// CPU a pass costs while the callee speaks, relative: the general English model's search is about three times
// the call's small domain model's (on the dev set about 0.26 s of CPU per second of speech, and 0.32 s for both).
const GENERAL_LOAD = 3;
const DOMAIN_LOAD = 1;

type Decoder = { write(frame: Int16Array): void; pause(): void; flush(): Promise<Pass>; close(): void };

/**
 * Recognizer threads (recognizer.worker.ts), one per core by default, each holding decoders of live calls.
 * A call's general pass and its domain pass go to the two least loaded threads, so they decode side by side
 * while the callee speaks and both finish at once at the endpoint (with one thread, one after the other).
 * Load is weighed by what a pass costs, so the general passes of several calls do not all land on one thread.
 * A thread keeps the process alive only while it has decoders.
 */
export function createRecognizerPool(o: { modelDir: string; logFile: string; threads?: number }): RecognizerPool {
  const size = Math.max(1, o.threads ?? os.availableParallelism());
  const data: RecognizerWorkerData = { modelDir: o.modelDir, logFile: o.logFile, lock: new SharedArrayBuffer(4), modelFiles: processFolder("domain-models") };
  const slots: Array<Thread | null> = Array.from({ length: size }, () => null);
  let nextId = 1;

  const start = (index: number): Thread => {
    const worker = startTsWorker(new URL("./recognizer.worker.ts", import.meta.url), { workerData: data });
    const t: Thread = { worker, decoders: 0, load: 0, failed: null, pending: new Map(), partials: new Map() };
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
      if (slots[index] === t) slots[index] = null;
    });
    worker.unref();
    return (slots[index] = t);
  };
  /** The least loaded thread (an idle slot starts one), other than `not` when there is a choice. */
  const pick = (not?: Thread): Thread => {
    const free = slots.findIndex((s) => !s);
    if (free >= 0) return start(free);
    const live = slots.filter((s): s is Thread => !!s && (s !== not || size === 1));
    return live.reduce((a, b) => (b.load < a.load ? b : a));
  };

  return {
    threads: size,
    open(vocabulary, phoneLine = false) {
      let partial = "";
      const id = nextId++;
      const gt = pick();
      const g = openDecoder(gt, id * 2, GENERAL_LOAD, null, phoneLine, (text) => (partial = text));
      const b = openDecoder(pick(gt), id * 2 + 1, DOMAIN_LOAD, vocabulary, phoneLine);
      return {
        write(frame) {
          g.write(frame);
          b.write(frame);
        },
        partial: () => partial,
        pause() {
          g.pause();
          b.pause();
        },
        async flush() {
          const [general, biased] = await Promise.all([g.flush(), b.flush()]);
          partial = "";
          return { general, biased };
        },
        close() {
          g.close();
          b.close();
        },
      };
    },
  };
}

/** One pass's decoder on thread `t`: the general pass (`vocabulary` null) or the call's domain pass. */
function openDecoder(t: Thread, id: number, load: number, vocabulary: string[] | null, phoneLine: boolean, onPartial?: (text: string) => void): Decoder {
  let seq = 0;
  let closed = false;
  t.load += load;
  if (t.decoders++ === 0) t.worker.ref();
  if (onPartial) t.partials.set(id, onPartial);
  const send = (m: ToRecognizer) => t.worker.postMessage(m);
  send({ type: "open", id, vocabulary, phoneLine });
  return {
    write: (frame) => void (!closed && send({ type: "write", id, frame, sentAt: Date.now() })),
    pause: () => void (!closed && send({ type: "pause", id })),
    async flush() {
      if (t.failed) throw new Error(t.failed);
      const key = `${id}:${++seq}`;
      const answer = await new Promise<FromRecognizer>((resolve) => {
        t.pending.set(key, resolve);
        send({ type: "flush", id, seq });
      });
      if (answer.type === "error") throw new Error(answer.message);
      if (answer.type !== "result") throw new Error(`recognizer answered ${answer.type}`);
      return answer.pass;
    },
    close() {
      if (closed) return;
      closed = true;
      t.partials.delete(id);
      send({ type: "close", id });
      t.load -= load;
      if (--t.decoders === 0) t.worker.unref();
    },
  };
}

/** A folder of this process's own (removed when the process exits). */
function processFolder(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-${name}-`));
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A log file of this process's own for sphinxbase (removed when the process exits). */
export function processLogFile(): string {
  const file = path.join(os.tmpdir(), `parley-pocketsphinx-${process.pid}.log`);
  fs.writeFileSync(file, "");
  process.once("exit", () => fs.rmSync(file, { force: true }));
  return file;
}
