/** The real-speech dev set (tests/speech-dev-set): Debian pocketsphinx-testdata's recordings and their references. */
import fs from "node:fs";
import path from "node:path";
import { decodeWav, type Pcm } from "../../packages/voice/src/audio/wav.ts";

const SET = path.resolve(import.meta.dirname, "../../tests/speech-dev-set/dev-set.json");
/** Where Debian's pocketsphinx-testdata puts the recordings (scripts/ensure-system-packages.sh installs it). */
export const PSPHINX_TESTDATA = "/usr/share/pocketsphinx/test/data";

export type Clip = { id: string; file: string; reference: string; rawRate?: number };
export type LoadedClip = Clip & { pcm: Pcm };

/** Every clip of the set with its audio; throws when pocketsphinx-testdata is not installed. */
export function readSpeechDevSet(): LoadedClip[] {
  const set = JSON.parse(fs.readFileSync(SET, "utf8")) as { root: string; clips: Clip[] };
  return set.clips.map((c) => ({ ...c, pcm: readClip(set.root, c) }));
}

function readClip(root: string, c: Clip): Pcm {
  const bytes = fs.readFileSync(path.join(root, c.file));
  if (!c.rawRate) return decodeWav(bytes);
  const samples = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length - (bytes.length % 2)));
  return { sampleRate: c.rawRate, channels: 1, samples };
}
