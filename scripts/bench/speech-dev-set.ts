/**
 * The real-speech dev sets (tests/speech-dev-set), each a Debian package's recordings and their references:
 * `dev-set` is pocketsphinx-testdata's (16 kHz: LibriVox readings, card names, a command); `phone-prompts` is
 * Asterisk's English prompts as published for phone lines (8 kHz, asterisk-core-sounds-en-wav) and, with
 * `wideband`, the same recordings at 16 kHz (G.722, asterisk-core-sounds-en-g722).
 */
import fs from "node:fs";
import path from "node:path";
import { decodeWav, type Pcm } from "../../packages/voice/src/audio/wav.ts";
import { decodeG722 } from "../../packages/voice/src/audio/g722.ts";

const SETS = path.resolve(import.meta.dirname, "../../tests/speech-dev-set");
/** Where Debian's pocketsphinx-testdata puts the recordings (scripts/ensure-system-packages.sh installs it). */
export const PSPHINX_TESTDATA = "/usr/share/pocketsphinx/test/data";

export type SpeechSet = "dev-set" | "phone-prompts";
export type Clip = { id: string; file: string; reference: string; rawRate?: number };
export type LoadedClip = Clip & { pcm: Pcm };
/** `wideband`: the extension of each clip's 16 kHz G.722 original beside its file, when the set has them. */
type SetFile = { root: string; wideband?: string; clips: Clip[] };

/**
 * Every clip of the set with its audio (`wideband`: the G.722 originals instead); throws when the set's Debian
 * package is not installed, or when the set has no wideband originals and they are asked for.
 */
export function readSpeechDevSet(name: SpeechSet = "dev-set", o: { wideband?: boolean } = {}): LoadedClip[] {
  const set = JSON.parse(fs.readFileSync(path.join(SETS, `${name}.json`), "utf8")) as SetFile;
  if (!o.wideband) return set.clips.map((c) => ({ ...c, pcm: readClip(set.root, c) }));
  if (!set.wideband) throw new Error(`The ${name} set has no wideband originals.`);
  return set.clips.map((c) => {
    const file = c.file.replace(/\.\w+$/, set.wideband!);
    return {
      ...c,
      file,
      pcm: { sampleRate: 16_000, channels: 1, samples: decodeG722(fs.readFileSync(path.join(set.root, file))) },
    };
  });
}

function readClip(root: string, c: Clip): Pcm {
  const bytes = fs.readFileSync(path.join(root, c.file));
  if (!c.rawRate) return decodeWav(bytes);
  const samples = new Int16Array(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length - (bytes.length % 2)),
  );
  return { sampleRate: c.rawRate, channels: 1, samples };
}
