import path from "node:path";
import { parentPort, threadId, workerData } from "node:worker_threads";
import fs from "node:fs";
import { createDomainModelCache } from "../domain-model/domain-model-cache.ts";
import { createAnswerModels } from "./answer-models.ts";
import { createLikelihoodReader } from "./lattice-likelihood.ts";
import type { Expectation } from "../../../../expectation/expectation.ts";
import type { FromRecognizer, RecognizerWorkerData, ToRecognizer } from "./recognizer-messages.ts";
import { createSphinxDecoder, type SphinxDecoder } from "./sphinx-decoder.ts";
import { loadSphinx, type LanguageModelHandle } from "./sphinx-library.ts";
import { pronunciation, readDictionary } from "../dictionary.ts";
import { EMPTY_PASS, joinPasses, type Pass } from "../passes/pass.ts";
import { decoderFlags, generalModel } from "../settings/decoder-settings.ts";

/**
 * A recognizer thread: resident pocketsphinx decoders, each one pass of a live call (the general model, or
 * the call's domain model), fed each 20 ms frame as it arrives. Decoding is CPU-bound, so it happens here,
 * never on the event loop; a call's two passes are usually on two threads, so at the endpoint both finish
 * at once. Decoders are built when the call opens (while it rings) and freed when it ends, so what one call
 * hears never depends on an earlier caller (the decoder's cepstral mean and noise estimate adapt to its
 * caller); the general English model (~30 MB) is loaded once per thread and shared by its calls.
 */
const { modelDir, logFile, lock, modelFiles } = workerData as RecognizerWorkerData;
const port = parentPort!;
const lib = loadSphinx();
const likelihood = createLikelihoodReader(logFile, new Int32Array(lock), lib.flushLog);
const general = generalModel(modelDir);
// The English dictionary, read here once per thread (not on the event loop): the calls' domain models take their
// words' pronunciations from it, and each heard word is sent with its pronunciation, so the main thread can
// compare the two passes without a dictionary of its own.
const dictionary = readDictionary(fs.readFileSync(general.dict, "utf8"));
const domainModels = createDomainModelCache(dictionary, path.join(modelFiles, `thread-${threadId}`));
const answerModels = createAnswerModels(lib, dictionary, path.join(modelFiles, `thread-${threadId}-answers`));
// Partial words for turn-taking: every 100 ms of speech while this thread keeps up with the audio. A frame
// posted more than BEHIND_MS ago means the thread is behind: a partial then describes audio long gone by the
// time it is read, and costs a backtrace the backlog waits for, so it comes only every 500 ms.
const PARTIAL_EVERY = 5;
const PARTIAL_EVERY_BEHIND = 25;
const BEHIND_MS = 100;

// `pieces`: the utterance's words finished at the callee's pauses so far (see SttStream.pause).
type Decoder = {
  pass: SphinxDecoder;
  partials: boolean;
  frames: number;
  partial: string;
  pieces: Pass[];
  broken: string | null;
};
const decoders = new Map<number, Decoder>();
let englishLm: LanguageModelHandle | null = null;

// A phone leg's decoders hear its folded audio with the model adapted to the line, and the model's cepstral mean
// (decoder-settings.ts PHONE_MLLR, live-cmn.ts); a wideband leg's follow the caller's mean.
function generalPass(phoneLine: boolean): SphinxDecoder {
  return createSphinxDecoder(
    lib,
    decoderFlags(modelDir, null, general.dict, phoneLine),
    likelihood,
    { followCaller: !phoneLine },
    (ps) => {
      englishLm ??= lib.readLanguageModel(ps, general.lm);
      if (!englishLm) throw new Error(`pocketsphinx could not read ${general.lm}`);
      if (!lib.useLanguageModel(ps, "general", englishLm))
        throw new Error("pocketsphinx refused the general language model");
    },
  );
}

const send = (m: FromRecognizer) => port.postMessage(m);

// The pool measures this thread's backlog (the age of the oldest frame posted and not yet decoded) from how many
// writes it has taken: told at most every PROGRESS_MS, and once more when the queue runs dry, not per frame.
const PROGRESS_MS = 40;
let writesDone = 0;
let work = 0;
let progressTimer: NodeJS.Timeout | null = null;
function noteWork(write: boolean): void {
  if (write) writesDone++;
  work++;
  progressTimer ??= setTimeout(() => {
    progressTimer = null;
    send({ type: "progress", done: writesDone, work });
  }, PROGRESS_MS);
}

// Loaded as the thread starts (a decoder built and freed for it), not on the first call given a general pass:
// reading the English model takes seconds on a busy machine, and a call would wait for it.
generalPass(false).free();
send({ type: "ready" });

port.on("message", (m: ToRecognizer) => {
  noteWork(m.type === "write");
  if (m.type === "open") return open(m.id, m.vocabulary, m.phoneLine, m.answers ?? false);
  const d = decoders.get(m.id);
  if (m.type === "close") return d && close(m.id, d);
  if (!d)
    return (
      m.type === "flush" &&
      send({ type: "error", id: m.id, seq: m.seq, message: "recognizer: decoder was never opened" })
    );
  if (m.type === "write") return write(m.id, d, m.frame, Date.now() - m.sentAt > BEHIND_MS);
  if (m.type === "pause") return pause(m.id, d);
  if (m.type === "expect") return expect(d, m.expectation);
  if (d.broken) return send({ type: "error", id: m.id, seq: m.seq, message: d.broken });
  try {
    const pass = withPhones(joinPasses([...d.pieces, d.pass.finish()]));
    d.pieces = [];
    d.frames = 0;
    d.partial = "";
    send({ type: "result", id: m.id, seq: m.seq, pass });
  } catch (err) {
    send({ type: "error", id: m.id, seq: m.seq, message: (err as Error).message });
  }
});

/**
 * The callee paused: the words so far are finished now (the flat second pass over them runs while the endpoint
 * waits, not after it), and what follows, if anything, is decoded as the next piece of the same utterance.
 */
function pause(id: number, d: Decoder): void {
  if (d.broken) return;
  try {
    d.pieces.push(d.pass.finish());
  } catch (err) {
    d.broken = (err as Error).message;
    return;
  }
  if (d.partials) sendPartial(id, d, "");
}

function sendPartial(id: number, d: Decoder, current: string): void {
  const text = [...d.pieces.map((p) => p.text), current].filter(Boolean).join(" ");
  if (text === d.partial) return;
  d.partial = text;
  send({ type: "partial", id, text });
}

const withPhones = (p: Pass): Pass => ({
  ...p,
  words: p.words.map((w) => ({ ...w, phones: pronunciation(dictionary, w.word) })),
});

/** The search of the expected answers from the next utterance (the decoder was opened for `answers`). */
function expect(d: Decoder, expectation: Expectation): void {
  if (d.broken) return;
  try {
    d.pass.use(answerModels.searchFor(d.pass, expectation));
  } catch (err) {
    d.broken = (err as Error).message;
  }
}

function open(id: number, vocabulary: string[] | null, phoneLine: boolean, answers: boolean): void {
  const none: SphinxDecoder = {
    handle: null as unknown as SphinxDecoder["handle"],
    write() {},
    partial: () => "",
    finish: () => EMPTY_PASS,
    use() {},
    free() {},
  };
  const d: Decoder = {
    pass: none,
    partials: !vocabulary && !answers,
    frames: 0,
    partial: "",
    pieces: [],
    broken: null,
  };
  try {
    const domain = vocabulary && domainModels.files(vocabulary);
    const options = { followCaller: !phoneLine };
    // The answers' decoder has the general dictionary and no search until the first expectation gives it one.
    if (answers)
      d.pass = createSphinxDecoder(lib, decoderFlags(modelDir, null, general.dict, phoneLine), likelihood, options);
    else
      d.pass = domain
        ? createSphinxDecoder(lib, decoderFlags(modelDir, domain.lm, domain.dict, phoneLine), likelihood, options)
        : generalPass(phoneLine);
  } catch (err) {
    d.broken = `recognizer: ${(err as Error).message}`;
  }
  decoders.set(id, d);
}

function write(id: number, d: Decoder, frame: Int16Array, behind: boolean): void {
  if (d.broken) return;
  try {
    d.pass.write(frame);
  } catch (err) {
    d.broken = (err as Error).message;
    return;
  }
  if (!d.partials || ++d.frames % (behind ? PARTIAL_EVERY_BEHIND : PARTIAL_EVERY)) return;
  sendPartial(id, d, d.pass.partial());
}

function close(id: number, d: Decoder): void {
  decoders.delete(id);
  if (!d.broken) d.pass.free();
}
