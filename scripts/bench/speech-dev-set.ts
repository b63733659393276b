/**
 * The real-speech dev sets (tests/speech-dev-set), each a Debian package's recordings and their references:
 * `dev-set` is pocketsphinx-testdata's (16 kHz: LibriVox readings, card names, a command); `phone-prompts` is
 * Asterisk's English prompts, recorded at 8 kHz for phone lines (asterisk-core-sounds-en-wav).
 */
import fs from "node:fs";
import path from "node:path";
import { decodeWav, type Pcm } from "../../packages/voice/src/audio/wav.ts";

const SETS = path.resolve(import.meta.dirname, "../../tests/speech-dev-set");
/** Where Debian's pocketsphinx-testdata puts the recordings (scripts/ensure-system-packages.sh installs it). */
export const PSPHINX_TESTDATA = "/usr/share/pocketsphinx/test/data";

export type SpeechSet = "dev-set" | "phone-prompts";
export type Clip = { id: string; file: string; reference: string; rawRate?: number };
export type LoadedClip = Clip & { pcm: Pcm };

/** Every clip of the set with its audio; throws when the set's Debian package is not installed. */
export function readSpeechDevSet(name: SpeechSet = "dev-set"): LoadedClip[] {
  const set = JSON.parse(fs.readFileSync(path.join(SETS, `${name}.json`), "utf8")) as { root: string; clips: Clip[] };
  return set.clips.map((c) => ({ ...c, pcm: readClip(set.root, c) }));
}

function readClip(root: string, c: Clip): Pcm {
  const bytes = fs.readFileSync(path.join(root, c.file));
  if (!c.rawRate) return decodeWav(bytes);
  const samples = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length - (bytes.length % 2)));
  return { sampleRate: c.rawRate, channels: 1, samples };
}
