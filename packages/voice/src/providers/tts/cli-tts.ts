import { randomUUID } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { resample } from "../../audio/resample.ts";
import { decodeWav } from "../../audio/wav.ts";
import { runProgram } from "../../os/run-program.ts";

const CHUNK_MS = 100;

/**
 * Runs an offline speech engine and yields PCM16 chunks at `sampleRate`. `args` gets the path of a WAV
 * file to write: Node's child stdout is a socket, which engines that open /dev/stdout cannot write to.
 */
export async function* synthesizeWithCli(
  command: string,
  args: (wavPath: string) => string[],
  sampleRate: number,
  signal?: AbortSignal,
): AsyncIterable<Int16Array> {
  const file = path.join(tmpdir(), `parley-tts-${randomUUID()}.wav`);
  let wav;
  try {
    await runProgram(command, args(file), { signal });
    wav = decodeWav(await readFile(file));
  } finally {
    await rm(file, { force: true });
  }
  const pcm = resample(wav.samples, wav.sampleRate, sampleRate);
  const step = Math.round((sampleRate * CHUNK_MS) / 1000);
  for (let i = 0; i < pcm.length; i += step) {
    if (signal?.aborted) return;
    yield pcm.subarray(i, Math.min(i + step, pcm.length));
  }
}
