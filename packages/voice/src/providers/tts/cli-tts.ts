import { randomUUID } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { resample } from "../../audio/resample.ts";
import { decodeWav, type Pcm } from "../../audio/wav.ts";
import { runProgram } from "../../os/run-program.ts";
import type { TtsProvider, VoiceInfo } from "./tts-provider.ts";

const CHUNK_MS = 100;

/**
 * An offline engine as a provider: its voices are named `<name>:<engine's voice>`, and `argv` gives the
 * command line that speaks `text` into the WAV file `wav` with that voice.
 */
export function createCliTts(
  name: string,
  bin: string,
  voices: VoiceInfo[],
  argv: (voice: string, text: string, wav: string) => string[],
): TtsProvider {
  const prefix = `${name}:`;
  return {
    name,
    listVoices: async () => voices,
    synthesize(text, { voiceId, sampleRate, signal }) {
      const voice = voiceId.startsWith(prefix) ? voiceId.slice(prefix.length) : voiceId;
      if (!voices.some((v) => v.id === prefix + voice)) throw new Error(`Unknown ${name} voice: ${voiceId}`);
      return synthesizeWithCli(bin, (wav) => argv(voice, text, wav), sampleRate, signal);
    },
  };
}

/**
 * Runs an offline speech engine and yields PCM16 chunks at `sampleRate`. `args` gets the path of a WAV
 * file to write: Node's child stdout is a socket, which engines that open /dev/stdout cannot write to.
 */
async function* synthesizeWithCli(
  command: string,
  args: (wavPath: string) => string[],
  sampleRate: number,
  signal?: AbortSignal,
): AsyncIterable<Int16Array> {
  const file = path.join(tmpdir(), `parley-tts-${randomUUID()}.wav`);
  let wav: Pcm;
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
