import type { Pass } from "./two-pass.ts";

/**
 * What the main thread and a recognizer worker say to each other (structured-clone messages). Each `id` is one
 * decoder: a call's general pass (`vocabulary` null, which also reports partial words) or its domain pass,
 * whose model the thread builds from the call's vocabulary.
 */
export type ToRecognizer =
  | { type: "open"; id: number; vocabulary: string[] | null; phoneLine: boolean }
  | { type: "write"; id: number; frame: Int16Array; sentAt: number }
  | { type: "pause"; id: number }
  | { type: "flush"; id: number; seq: number }
  | { type: "close"; id: number };

export type FromRecognizer =
  | { type: "partial"; id: number; text: string }
  | { type: "result"; id: number; seq: number; pass: Pass }
  | { type: "error"; id: number; seq: number; message: string };

/** `modelFiles`: a folder of this process's for the threads' domain models (removed when the process exits). */
export type RecognizerWorkerData = { modelDir: string; logFile: string; lock: SharedArrayBuffer; modelFiles: string };
