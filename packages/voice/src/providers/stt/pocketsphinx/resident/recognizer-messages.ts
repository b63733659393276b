import type { Expectation } from "../../../../expectation/expectation.ts";
import type { Pass } from "../passes/pass.ts";

/**
 * What the main thread and a recognizer worker say to each other (structured-clone messages). Each `id` is one
 * decoder: a call's general pass (`vocabulary` null, which also reports partial words), its domain pass, whose
 * model the thread builds from the call's vocabulary, or (`answers`) its pass of the expected answers, whose model
 * each `expect` chooses for the next utterance.
 */
export type ToRecognizer =
  | { type: "open"; id: number; vocabulary: string[] | null; phoneLine: boolean; answers?: boolean }
  | { type: "expect"; id: number; expectation: Expectation }
  | { type: "write"; id: number; frame: Int16Array; sentAt: number }
  | { type: "pause"; id: number }
  | { type: "flush"; id: number; seq: number }
  | { type: "close"; id: number };

export type FromRecognizer =
  /** The thread has loaded the English model and takes calls without waiting for it. */
  | { type: "ready" }
  | { type: "partial"; id: number; text: string }
  /**
   * `done`: every write the thread has taken off its queue so far (decoded, or dropped for a closed decoder);
   * `work`: every message it has handled (a flush's last pass is work too).
   */
  | { type: "progress"; done: number; work: number }
  | { type: "result"; id: number; seq: number; pass: Pass }
  | { type: "error"; id: number; seq: number; message: string };

/** `modelFiles`: a folder of this process's for the threads' domain models (removed when the process exits). */
export type RecognizerWorkerData = { modelDir: string; logFile: string; lock: SharedArrayBuffer; modelFiles: string };
