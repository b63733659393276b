import type { Pass } from "./two-pass.ts";

/** What the main thread and a recognizer worker say to each other (structured-clone messages). */
export type ToRecognizer =
  | { type: "open"; id: number; domain: { lm: string; dict: string } }
  | { type: "write"; id: number; frame: Int16Array }
  | { type: "flush"; id: number; seq: number }
  | { type: "close"; id: number };

export type FromRecognizer =
  | { type: "partial"; id: number; text: string }
  | { type: "result"; id: number; seq: number; general: Pass; biased: Pass }
  | { type: "error"; id: number; seq: number; message: string };

export type RecognizerWorkerData = { modelDir: string; logFile: string; lock: SharedArrayBuffer };
