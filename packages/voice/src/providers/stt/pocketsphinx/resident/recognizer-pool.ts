import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import type { FromRecognizer, RecognizerWorkerData, ToRecognizer } from "./recognizer-messages.ts";
import { startTsWorker } from "../../../../os/ts-worker.ts";
import { type Expectation, isClosed } from "../../../../expectation/expectation.ts";
import type { Pass, TwoPassStream } from "../passes/pass.ts";
import { createUtteranceExpectation } from "../passes/utterance-expectation.ts";
import { createCheapPath } from "../passes/cheap-path.ts";
import { EMPTY_PASS } from "../passes/pass.ts";
import { realtimeLoad } from "../../../../os/realtime-load.ts";
import { createThreadBacklog, type ThreadBacklog } from "./thread-backlog.ts";

export type RecognizerPool = {
  /**
   * A call's stream; its domain pass's model is built from `vocabulary` by the thread that runs it.
   * `phoneLine`: the call's leg is a phone line (8 kHz, folded to 16 kHz), heard with the model adapted to it and
   * its own cepstral mean; a wideband leg's decoders follow the caller's (live-cmn.ts).
   */
  open(vocabulary: string[], phoneLine?: boolean): TwoPassStream;
  readonly threads: number;
  /**
   * Starts every thread now (each loads the English model, seconds on a busy machine), not at the first calls;
   * settles once all have loaded it (or failed).
   */
  warmUp(): Promise<void>;
  /** The oldest frame not yet decoded on any of its threads, ms. */
  backlogMs(): number;
};

// Every pool of the process (tests make several): the process's backlog is the worst of their threads'.
const pools = new Set<RecognizerPool>();
realtimeLoad.setRecognizerBacklogProbe(() => Math.max(0, ...[...pools].map((p) => p.backlogMs())));

type Thread = {
  worker: Worker;
  /** Settles when the thread has loaded the English model (or failed). */
  ready: Promise<void>;
  decoders: number;
  load: number;
  failed: string | null;
  pending: Map<string, (m: FromRecognizer) => void>;
  partials: Map<number, (text: string) => void>;
  backlog: ThreadBacklog;
};
// CPU a pass costs while the callee speaks, relative: the general English model's search is about three times
// the call's small domain model's (`npm run bench -- hearing` measures both).
const GENERAL_LOAD = 3;
const DOMAIN_LOAD = 1;
const ANSWERS_LOAD = 1; // a few hundred words, as the domain model

type Decoder = {
  write(frame: Int16Array): void;
  pause(): void;
  expect(expectation: Expectation): void;
  flush(): Promise<Pass>;
  close(): void;
};

/**
 * Recognizer threads (recognizer.worker.ts), one per core by default, each holding decoders of live calls.
 * A call's general pass and its domain pass go to the two least loaded threads, so they decode side by side
 * while the callee speaks and both finish at once at the endpoint (with one thread, one after the other).
 * Load is weighed by what a pass costs, so the general passes of several calls do not all land on one thread.
 * A thread keeps the process alive only while it has decoders.
 */
export function createRecognizerPool(o: {
  modelDir: string;
  logFile: string;
  threads?: number;
  /** Every utterance on the cheaper path (the hearing bench measures what it costs). */
  alwaysCheap?: boolean;
}): RecognizerPool {
  const size = Math.max(1, o.threads ?? os.availableParallelism());
  const data: RecognizerWorkerData = {
    modelDir: o.modelDir,
    logFile: o.logFile,
    lock: new SharedArrayBuffer(4),
    modelFiles: processFolder("domain-models"),
  };
  const slots: Array<Thread | null> = Array.from({ length: size }, () => null);
  let nextId = 1;

  const start = (index: number): Thread => {
    const worker = startTsWorker(new URL("./recognizer.worker.ts", import.meta.url), { workerData: data });
    let loaded = () => {};
    const t: Thread = {
      ready: new Promise<void>((r) => {
        loaded = r;
      }),
      worker,
      decoders: 0,
      load: 0,
      failed: null,
      pending: new Map(),
      partials: new Map(),
      backlog: createThreadBacklog(),
    };
    worker.on("message", (m: FromRecognizer) => {
      if (m.type === "ready") return loaded();
      if (m.type === "partial") return t.partials.get(m.id)?.(m.text);
      if (m.type === "progress") return t.backlog.progress(m.done, m.work);
      const key = `${m.id}:${m.seq}`;
      t.pending.get(key)?.(m);
      t.pending.delete(key);
    });
    worker.on("error", (err) => {
      loaded();
      t.failed = `recognizer thread failed: ${err.message}`;
      for (const settle of t.pending.values()) settle({ type: "error", id: 0, seq: 0, message: t.failed });
      t.pending.clear();
      if (slots[index] === t) slots[index] = null;
    });
    worker.unref();
    slots[index] = t;
    return t;
  };
  /** The least loaded thread (an idle slot starts one), other than `not` when there is a choice. */
  const pick = (not?: Thread): Thread => {
    const free = slots.findIndex((s) => !s);
    if (free >= 0) return start(free);
    const live = slots.filter((s): s is Thread => !!s && (s !== not || size === 1));
    return live.reduce((a, b) => (b.load < a.load ? b : a));
  };

  const pool: RecognizerPool = {
    threads: size,
    async warmUp() {
      await Promise.all(slots.map((t, i) => (t ?? start(i)).ready));
    },
    backlogMs: () => Math.max(0, ...slots.map((t) => t?.backlog.backlogMs() ?? 0)),
    open(vocabulary, phoneLine = false) {
      let partial = "";
      const id = nextId++;
      const gt = pick();
      const g = openDecoder(gt, id * 3, GENERAL_LOAD, { vocabulary: null, phoneLine }, (text) => {
        partial = text;
      });
      const bt = pick(gt);
      const b = openDecoder(bt, id * 3 + 1, DOMAIN_LOAD, { vocabulary, phoneLine });
      // The answers' pass, opened at the call's first closed expectation (while the agent asks) and fed only
      // while one holds: open speech is heard by the general and domain passes only.
      let answers: Decoder | null = null;
      let at: Thread | null = null;
      const expecting = createUtteranceExpectation((e) => {
        if (!isClosed(e)) return;
        at ??= pick();
        answers ??= openDecoder(at, id * 3 + 2, ANSWERS_LOAD, { vocabulary: null, phoneLine, answers: true });
        answers.expect(e);
      });
      const listening = () => (isClosed(expecting.current) ? answers : null);
      const threads = () => [gt, bt, ...(at ? [at] : [])];
      const backlogMs = () => Math.max(...threads().map((t) => t.backlog.backlogMs()));
      const cheapPath = createCheapPath(backlogMs, { always: o.alwaysCheap });
      let speaking = false;
      let cheap = false; // this utterance goes without the domain pass
      return {
        write(frame) {
          if (!speaking) cheap = cheapPath.decide();
          speaking = true;
          expecting.wrote();
          g.write(frame);
          if (!cheap) b.write(frame);
          listening()?.write(frame);
        },
        partial: () => partial,
        pause() {
          g.pause();
          if (!cheap) b.pause();
          listening()?.pause();
        },
        expect: (e) => expecting.expect(e),
        async flush() {
          const expectation = expecting.current;
          const a = listening();
          const skipped = cheap && speaking;
          // Without frames of this utterance the domain pass has nothing to say: it is not asked, so the answer
          // does not wait behind its thread's backlog.
          const [general, biased, expected] = await Promise.all([
            g.flush(),
            skipped ? EMPTY_PASS : b.flush(),
            a ? a.flush() : null,
          ]);
          partial = "";
          speaking = false;
          expecting.flushed();
          return { general, biased, expected: { expectation, pass: expected }, ...(skipped ? { cheap: true } : {}) };
        },
        close() {
          g.close();
          b.close();
          answers?.close();
        },
        progress: () => ({
          backlogMs: backlogMs(),
          done: threads().reduce((n, t) => n + t.backlog.work(), 0),
          cheapUtterances: cheapPath.utterances(),
        }),
      };
    },
  };
  pools.add(pool);
  return pool;
}

/** One pass's decoder on thread `t`: the general pass (`vocabulary` null), the call's domain pass, or its answers'. */
function openDecoder(
  t: Thread,
  id: number,
  load: number,
  model: { vocabulary: string[] | null; phoneLine: boolean; answers?: boolean },
  onPartial?: (text: string) => void,
): Decoder {
  let seq = 0;
  let closed = false;
  t.load += load;
  if (t.decoders++ === 0) t.worker.ref();
  if (onPartial) t.partials.set(id, onPartial);
  const send = (m: ToRecognizer) => t.worker.postMessage(m);
  send({ type: "open", id, ...model });
  return {
    expect: (expectation) => void (!closed && send({ type: "expect", id, expectation })),
    write(frame) {
      if (closed) return;
      const sentAt = Date.now();
      t.backlog.posted(sentAt);
      send({ type: "write", id, frame, sentAt });
    },
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
