import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeDomainModel } from "../domain-model/domain-model.ts";
import { EMPTY_PASS, type TwoPassStream } from "../passes/pass.ts";
import { createUtteranceExpectation } from "../passes/utterance-expectation.ts";
import { MIN_SAMPLES } from "../settings/decoder-settings.ts";
import { decodeWithProcesses } from "./pocketsphinx-process.ts";

export type ProcessPassesOptions = {
  binary: string;
  modelDir: string;
  vocabulary: string[];
  dictionary: () => Promise<Map<string, string[]>>;
  phoneLine: boolean;
  signal?: AbortSignal;
};

/**
 * The fallback's passes: the domain model is written when the call opens (while the phone rings), each utterance's
 * audio is collected, then decoded by two processes at the endpoint.
 */
export function openProcessPasses(o: ProcessPassesOptions): TwoPassStream {
  const workDir = fs.promises.mkdtemp(path.join(os.tmpdir(), "parley-stt-"));
  const domain = Promise.all([workDir, o.dictionary()]).then(([dir, dict]) =>
    writeDomainModel(dir, o.vocabulary, dict),
  );
  domain.catch(() => {}); // a failure surfaces on flush
  let chunks: Int16Array[] = [];
  let utterance = 0;
  // The fallback runs no answers' pass: the answer is read from the words alone.
  const expecting = createUtteranceExpectation();
  return {
    write(frame) {
      expecting.wrote();
      chunks.push(frame);
    },
    partial: () => "",
    pause: () => {}, // the processes decode whole utterances
    expect: (e) => expecting.expect(e),
    async flush() {
      const expected = { expectation: expecting.current, pass: null };
      expecting.flushed();
      const samples = concat(chunks);
      chunks = [];
      if (samples.length < MIN_SAMPLES) return { general: EMPTY_PASS, biased: EMPTY_PASS, expected };
      const passes = await decodeWithProcesses({
        binary: o.binary,
        modelDir: o.modelDir,
        workDir: await workDir,
        utterance: utterance++,
        samples,
        domain: await domain,
        phoneLine: o.phoneLine,
        signal: o.signal,
      });
      return { ...passes, expected };
    },
    // After the domain model's files are written (a call that never connects closes while they are), and never
    // as an unhandled rejection: a leftover temp dir must not bring the process down.
    close() {
      void Promise.allSettled([domain])
        .then(() => workDir)
        .then((dir) => fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 3 }))
        .catch(() => {});
    },
  };
}

function concat(chunks: Int16Array[]): Int16Array {
  const out = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
