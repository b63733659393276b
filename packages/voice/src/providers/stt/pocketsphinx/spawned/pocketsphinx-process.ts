import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { encodeWav } from "../../../../audio/wav.ts";
import { normalizer } from "../resident/lattice-likelihood.ts";
import { meanPosterior, type Pass, spokenWords } from "../passes/pass.ts";
import { decoderFlags, generalModel, SAMPLE_RATE } from "../settings/decoder-settings.ts";

/**
 * The fallback when libpocketsphinx cannot be loaded in-process: each utterance is written to a WAV and
 * decoded by two `pocketsphinx_continuous` processes (general and domain model) after the endpoint.
 * Slower (a process start and a model load per pass) but needs only the binary.
 */
export function decodeWithProcesses(o: {
  binary: string;
  modelDir: string;
  workDir: string;
  utterance: number;
  samples: Int16Array;
  domain: { lm: string; dict: string };
  /** A phone leg's folded audio: heard with the model adapted to the line (decoder-settings.ts PHONE_MLLR). */
  phoneLine?: boolean;
  signal?: AbortSignal;
}): Promise<{ general: Pass; biased: Pass }> {
  const wav = path.join(o.workDir, `u${o.utterance}.wav`);
  const run = async () => {
    await fs.promises.writeFile(wav, encodeWav(o.samples, SAMPLE_RATE));
    const args = (m: { lm: string; dict: string }) => [
      ...decoderFlags(o.modelDir, m.lm, m.dict, o.phoneLine),
      "-time",
      "yes",
      "-infile",
      wav,
    ];
    const [general, biased] = await Promise.all([
      decode(o.binary, args(generalModel(o.modelDir)), o.signal),
      decode(o.binary, args(o.domain), o.signal),
    ]);
    return { general, biased };
  };
  // A leftover clip is no reason to fail the call.
  return run().finally(() => void fs.promises.rm(wav, { force: true }).catch(() => {}));
}

function decode(binary: string, args: string[], signal?: AbortSignal): Promise<Pass> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { signal, maxBuffer: 8 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`pocketsphinx failed: ${err.message.split("\n")[0]}`));
      resolve(parseDecode(stdout, stderr));
    });
  });
}

/**
 * With `-time yes` stdout holds, per segment, the hypothesis line then one "word start end posterior" line per
 * word (fillers and silences included); the log holds each segment's lattice log-likelihood.
 */
export function parseDecode(stdout: string, log: string): Pass {
  const hyps: string[] = [];
  const words: Array<{ word: string; posterior: number }> = [];
  for (const line of stdout
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)) {
    const timed = /^(\S+) -?[\d.]+ -?[\d.]+ ([\d.]+)$/.exec(line);
    if (timed) words.push({ word: timed[1]!, posterior: Number(timed[2]) });
    else hyps.push(line.toLowerCase()); // with -time the hypothesis line comes capitalised
  }
  const spoken = spokenWords(words);
  return { text: hyps.join(" "), logProb: normalizer(log), confidence: meanPosterior(spoken), words: spoken };
}
