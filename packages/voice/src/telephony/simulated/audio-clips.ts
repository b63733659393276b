import fs from "node:fs/promises";
import path from "node:path";
import { resample } from "../../audio/resample.ts";
import { decodeWav, toMono, type Pcm } from "../../audio/wav.ts";

const MAX_CLIP_BYTES = 20 * 1024 * 1024; // ten minutes of 16 kHz mono: more than any rehearsal line needs

/**
 * The real path of a `play:` file, only if it is a regular file inside the audio folder once every
 * symlink is resolved; otherwise an error the call shows. Nothing outside the folder is ever opened.
 */
export async function resolveAudioFile(audioDir: string, file: string): Promise<string> {
  const root = await fs.realpath(audioDir).catch(() => {
    throw new Error(`SIMULATED_AUDIO_DIR "${audioDir}" is not a folder that can be read`);
  });
  const outside = (p: string) => {
    const rel = path.relative(root, p);
    return rel === "" || rel.startsWith("..") || path.isAbsolute(rel);
  };
  if (outside(path.resolve(root, file))) throw new Error(`play:${file} is outside SIMULATED_AUDIO_DIR`);
  const real = await fs.realpath(path.resolve(root, file)).catch(() => {
    throw new Error(`play:${file}: no such file in SIMULATED_AUDIO_DIR`);
  });
  if (outside(real)) throw new Error(`play:${file} leads outside SIMULATED_AUDIO_DIR`);
  const stat = await fs.stat(real);
  if (!stat.isFile()) throw new Error(`play:${file} is not a file`);
  if (stat.size > MAX_CLIP_BYTES) throw new Error(`play:${file} is larger than ${MAX_CLIP_BYTES / 1024 / 1024} MB`);
  return real;
}

/** A PCM16 WAV (any rate, any channel count) as mono at the line's rate. */
export async function loadAudioClip(audioDir: string, file: string, sampleRate: number): Promise<Int16Array> {
  const real = await resolveAudioFile(audioDir, file);
  let wav: Pcm;
  try {
    wav = decodeWav(await fs.readFile(real));
  } catch (err) {
    throw new Error(`play:${file}: ${(err as Error).message}`);
  }
  if (!wav.sampleRate || !wav.channels)
    throw new Error(`play:${file}: the WAV header has no sample rate or channel count`);
  return resample(toMono(wav.samples, wav.channels), wav.sampleRate, sampleRate);
}
