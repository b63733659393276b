import { parentPort, workerData } from "node:worker_threads";
import { createLikelihoodReader } from "./lattice-likelihood.ts";
import type { FromRecognizer, RecognizerWorkerData, ToRecognizer } from "./recognizer-messages.ts";
import { createSphinxDecoder, type SphinxDecoder } from "./sphinx-decoder.ts";
import { loadSphinx, type LanguageModelHandle } from "./sphinx-library.ts";
import { decoderFlags, EMPTY_PASS, generalModel } from "./two-pass.ts";

/**
 * A recognizer thread: resident pocketsphinx decoders for the live calls given to it, two per call (the
 * general model and the call's domain model), fed each 20 ms frame as it arrives. Decoding is CPU-bound, so
 * it happens here, never on the event loop. Both decoders are built when the call opens (while it rings) and
 * freed when it ends, so what one call hears never depends on an earlier caller (the decoder's cepstral mean
 * and noise estimate adapt to its caller); the general English model (~30 MB) is loaded once per thread and
 * shared by its calls.
 */
const { modelDir, logFile, lock } = workerData as RecognizerWorkerData;
const port = parentPort!;
const lib = loadSphinx();
const likelihood = createLikelihoodReader(logFile, new Int32Array(lock), lib.flushLog);
const general = generalModel(modelDir);
const PARTIAL_EVERY = 10; // frames (200 ms) between partial hypotheses

type Call = { general: SphinxDecoder; domain: SphinxDecoder; frames: number; partial: string; broken: string | null };
const calls = new Map<number, Call>();
let englishLm: LanguageModelHandle | null = null;

function generalDecoder(): SphinxDecoder {
  return createSphinxDecoder(lib, decoderFlags(modelDir, null, general.dict), likelihood, (ps) => {
    englishLm ??= lib.readLanguageModel(ps, general.lm);
    if (!englishLm) throw new Error(`pocketsphinx could not read ${general.lm}`);
    if (!lib.useLanguageModel(ps, "general", englishLm)) throw new Error("pocketsphinx refused the general language model");
  });
}

const send = (m: FromRecognizer) => port.postMessage(m);

port.on("message", (m: ToRecognizer) => {
  if (m.type === "open") return open(m.id, m.domain);
  const call = calls.get(m.id);
  if (m.type === "close") return call && close(m.id, call);
  if (!call) return m.type === "flush" && send({ type: "error", id: m.id, seq: m.seq, message: "recognizer: call was never opened" });
  if (m.type === "write") return write(m.id, call, m.frame);
  if (call.broken) return send({ type: "error", id: m.id, seq: m.seq, message: call.broken });
  try {
    const result = { general: call.general.finish(), biased: call.domain.finish() };
    call.frames = 0;
    call.partial = "";
    send({ type: "result", id: m.id, seq: m.seq, ...result });
  } catch (err) {
    send({ type: "error", id: m.id, seq: m.seq, message: (err as Error).message });
  }
});

function open(id: number, domain: { lm: string; dict: string }): void {
  let d: SphinxDecoder | null = null;
  try {
    d = createSphinxDecoder(lib, decoderFlags(modelDir, domain.lm, domain.dict), likelihood);
    calls.set(id, { general: generalDecoder(), domain: d, frames: 0, partial: "", broken: null });
  } catch (err) {
    d?.free();
    const none = { write() {}, partial: () => "", finish: () => EMPTY_PASS, free() {} };
    calls.set(id, { general: none, domain: none, frames: 0, partial: "", broken: `recognizer: ${(err as Error).message}` });
  }
}

function write(id: number, call: Call, frame: Int16Array): void {
  if (call.broken) return;
  try {
    call.general.write(frame);
    call.domain.write(frame);
  } catch (err) {
    call.broken = (err as Error).message;
    return;
  }
  if (++call.frames % PARTIAL_EVERY) return;
  const text = call.general.partial();
  if (text !== call.partial) send({ type: "partial", id, text: (call.partial = text) });
}

function close(id: number, call: Call): void {
  calls.delete(id);
  if (call.broken) return;
  call.domain.free();
  call.general.free();
}
