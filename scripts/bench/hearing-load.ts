/**
 * What live recognition costs: memory per live call, and how many callers speaking at once one core
 * decodes in real time (resident pocketsphinx in one recognizer thread, real recordings at the call's pace).
 */
import { requireSileroVad } from "../../packages/voice/src/audio/silero-vad.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Pcm } from "../../packages/voice/src/audio/wav.ts";
import { transcribeRecording } from "../../packages/voice/src/listening/transcribe-recording.ts";
import * as lattice from "../../packages/voice/src/providers/stt/pocketsphinx/resident/lattice-likelihood.ts";
import { createPocketsphinxStt } from "../../packages/voice/src/providers/stt/pocketsphinx/pocketsphinx-stt.ts";
import { createSphinxDecoder } from "../../packages/voice/src/providers/stt/pocketsphinx/resident/sphinx-decoder.ts";
import { loadSphinx } from "../../packages/voice/src/providers/stt/pocketsphinx/resident/sphinx-library.ts";
import type { SttStream } from "../../packages/voice/src/providers/stt/stt-provider.ts";
import { createLoneListener } from "../../packages/voice/src/session/callee-listener.ts";
import { DEFAULT_TURN_TAKING } from "../../packages/voice/src/session/session-types.ts";
import { readDictionaryFile } from "../../packages/voice/src/providers/stt/pocketsphinx/dictionary.ts";
import { writeDomainModel } from "../../packages/voice/src/providers/stt/pocketsphinx/domain-model/domain-model.ts";
import {
  decoderFlags,
  DEFAULT_MODEL,
  generalModel,
} from "../../packages/voice/src/providers/stt/pocketsphinx/settings/decoder-settings.ts";

const MB = 1024 * 1024;
const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** Resident set growth per open call (each call's decoders built and used once), over `calls` calls. */
export async function memoryPerCall(clip: Pcm, calls = 4): Promise<void> {
  const stt = createPocketsphinxStt({ threads: 1, engine: "resident" });
  await transcribeRecording(clip, { stt, vad: requireSileroVad() }); // the thread and the shared libraries are up
  const before = process.memoryUsage().rss;
  const streams = Array.from({ length: calls }, () =>
    stt.openStream({ vocabulary: ["What does the premium plan cost?"] }),
  );
  for (const s of streams) {
    for (let at = 0; at < 16_000; at += 320) s.write(clip.samples.subarray(at, at + 320));
    await s.flush();
  }
  const grown = (process.memoryUsage().rss - before) / calls / MB;
  for (const s of streams) s.close();
  console.log(
    `memory per live call (its general and domain decoders, ${calls} calls open): ` +
      `${grown.toFixed(0)} MB, plus the English language model once per recognizer thread`,
  );
}

/** `n` callers speaking `clips` at once at the call's pace, all on one recognizer thread (one core). */
async function speakingAtOnce(n: number, clips: Pcm[]): Promise<{ finals: number[] }> {
  const stt = createPocketsphinxStt({ threads: 1, engine: "resident" });
  await transcribeRecording(clips[0]!, { stt, vad: requireSileroVad() }); // the thread starts once
  const heard = await Promise.all(
    Array.from({ length: n }, async () => {
      const finals: number[] = [];
      for (const clip of clips)
        finals.push(
          ...(await transcribeRecording(clip, { stt, vad: requireSileroVad(), realTime: true, leadInMs: 2000 })).map(
            (u) => u.final_ms,
          ),
        );
      return finals;
    }),
  );
  return { finals: heard.flat() };
}

/**
 * Callers one core decodes in real time while they all speak (1 / CPU per second of speech), then that many
 * callers speaking at once on one recognizer thread, at the call's pace, to see the final text's wait.
 */
export async function callsPerCore(cpuPerSpeechSec: number, clips: Pcm[]): Promise<void> {
  const carried = Math.max(1, Math.floor(1 / cpuPerSpeechSec));
  console.log(
    `calls with live recognition one core carries: ${carried} callers speaking at ` +
      `once (1 / ${cpuPerSpeechSec.toFixed(2)} s CPU per second of speech);` +
      " only the callers' speech is decoded, so a core holds more calls than callers speaking at once",
  );
  const { finals } = await speakingAtOnce(carried, clips);
  console.log(
    `   ${carried} callers speaking at once on one recognizer thread: final text p50 ` +
      `${pct(finals, 50)} ms, p95 ${pct(finals, 95)} ms (wall clock, whatever else this machine runs)`,
  );
}

/**
 * The decoding work of an utterance's end (both passes' end of utterance, best path and posteriors), in CPU
 * time of the thread doing it, so the figure holds whatever else the machine runs; each utterance is the
 * audio the listening path writes to STT (pre-roll, speech, the short silence after it), on fresh decoders.
 */
export async function workAfterEndpoint(clips: Pcm[]): Promise<number> {
  const lib = loadSphinx();
  const likelihood = lattice.createLikelihoodReader(
    lib.processLog(),
    new Int32Array(new SharedArrayBuffer(4)),
    lib.flushLog,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-endpoint-"));
  const domain = await writeDomainModel(
    dir,
    ["What does the premium plan cost?"],
    await readDictionaryFile(path.join(DEFAULT_MODEL, "cmudict-en-us.dict")),
  );
  const general = generalModel(DEFAULT_MODEL);
  const finish: number[] = []; // both passes, one after the other (one recognizer thread)
  const slower: number[] = []; // the slower pass (each pass on its own thread, as the pool places them)
  let decodeCpu = 0;
  let speech = 0;
  for (const utterance of clips.flatMap(writtenToStt)) {
    const decoders = [general, domain].map((m) =>
      createSphinxDecoder(lib, decoderFlags(DEFAULT_MODEL, m.lm, m.dict), likelihood, { followCaller: true }),
    );
    let t = cpuMs();
    for (const frame of utterance) for (const d of decoders) d.write(frame);
    decodeCpu += cpuMs() - t;
    speech += utterance.reduce((n, f) => n + f.length, 0) / 16_000;
    const each = decoders.map((d) => {
      t = cpuMs();
      d.finish();
      return cpuMs() - t;
    });
    finish.push(Math.round(each[0]! + each[1]!));
    slower.push(Math.round(Math.max(...each)));
    for (const d of decoders) d.free();
  }
  fs.rmSync(dir, { recursive: true, force: true });
  // The listening path tells the engine of the pause 200 ms into the silence (after 2 s of speech, once 100 ms of real
  // silence has passed), so this work starts at least 50 ms (230 ms for a long sentence) before a complete answer's
  // 250 ms endpoint; what is left after it is what this work outlasts the wait.
  console.log(
    "work at the callee's pause, while the endpoint waits (CPU of the thread decoding): both " +
      `passes on one thread p50 ${pct(finish, 50)} ms, p95 ${pct(finish, 95)} ms; ` +
      `on two threads (the slower pass) p50 ${pct(slower, 50)} ms, p95 ` +
      `${pct(slower, 95)} ms (n=${finish.length} utterances); ` +
      `while the caller speaks: ${(decodeCpu / 1000 / speech).toFixed(2)} s CPU per second of audio written`,
  );
  return decodeCpu / 1000 / speech;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The frames the call's listening path writes to STT for each utterance of a 16 kHz clip (then 2 s of quiet). */
function writtenToStt(clip: Pcm): Int16Array[][] {
  const utterances: Int16Array[][] = [];
  let frames: Int16Array[] = [];
  const stt: SttStream = {
    sampleRate: 16_000,
    write: (f) => void frames.push(f),
    flush: async () => ({ text: "", confidence: null }),
    close() {},
  };
  const listener = createLoneListener(
    { legRate: 16_000, cfg: DEFAULT_TURN_TAKING, stt, vad: requireSileroVad() },
    () => {
      utterances.push(frames);
      frames = [];
    },
  );
  const padded = new Int16Array(clip.samples.length + 32_000);
  padded.set(clip.samples);
  for (let at = 0; at + 320 <= padded.length; at += 320) listener.push(padded.subarray(at, at + 320));
  return utterances;
}
