/**
 * Rebuilds
 * packages/voice/src/providers/stt/pocketsphinx/settings/phone-channel.mllr:
 * one global MLLR transform of the en-us model's
 * means to the phone line's channel, as a phone leg's decoders hear it (band-limited, 8 kHz mu-law, folded to
 * 16 kHz: narrowband.ts), applied only to the decoders of phone legs (decoder-settings.ts).
 *
 * The adaptation speech is synthetic, so that no recording of the dev set or of pocketsphinx-testdata is used:
 * 150 English sentences from the README files of the Debian packages installed (/usr/share/doc, only sentences of
 * 6–16 words all in the model's dictionary, spread evenly over them), each spoken by 11 voices (flite's kal16,
 * awb, rms, slt and kal; espeak-ng's en-us, en-us+f3, en-gb-x-rp, en-gb-x-rp+f2, en-029 and en-gb-scotland) so
 * that the voices' traits average out and the line's remain, each through the same phone line as a call.
 * The sentences, with the file each came from, are kept in scripts/phone-mllr-sentences.tsv so that a rebuild
 * speaks the same ones on any machine; `--repick` chooses them again from the docs installed (the committed list
 * was picked on Debian 12 with this repository's system packages).
 *
 * The recipe is CMU's "adapting the default acoustic model": sphinx_fe with the model's feat.params, bw (text
 * mdef from pocketsphinx_mdef_convert, mixture weights expanded from the model's quantised sendump) and
 * mllr_solve. A phone leg's decoder subtracts the model's cepstral mean (-cmninit) and never its caller's
 * (live-cmn.ts), so the adaptation features do the same and bw normalises nothing more (-cmn none).
 * The transform is then taken three quarters of the way from the identity (chosen on the hearing dev set's
 * odd-numbered clips: the whole estimate cost words there).
 *
 * Needs the Debian packages sphinxtrain and sphinxbase-utils (sphinx_fe) besides flite, espeak-ng and sox.
 * Run: node --import tsx scripts/build-phone-mllr.ts [--repick]
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { mirrorToWideband } from "../packages/voice/src/audio/narrowband.ts";
import { decodeWav } from "../packages/voice/src/audio/wav.ts";
import { asLegAudio } from "../packages/voice/src/listening/transcribe-recording.ts";
import {
  DEFAULT_MODEL,
  PHONE_MLLR,
} from "../packages/voice/src/providers/stt/pocketsphinx/settings/decoder-settings.ts";

const SENTENCES = 150;
const VOICES = [
  "flite:kal16",
  "flite:awb",
  "flite:rms",
  "flite:slt",
  "flite:kal",
  "espeak:en-us",
  "espeak:en-us+f3",
  "espeak:en-gb-x-rp",
  "espeak:en-gb-x-rp+f2",
  "espeak:en-029",
  "espeak:en-gb-scotland",
];
const SHARE = 0.75; // of the estimated transform, the rest the identity
const HMM = path.join(DEFAULT_MODEL, "en-us");
const DICT = path.join(DEFAULT_MODEL, "cmudict-en-us.dict");
const SPHINXTRAIN = "/usr/lib/sphinxtrain";
const SENTENCES_FILE = path.join(import.meta.dirname, "phone-mllr-sentences.tsv");

for (const [tool, pkg] of [
  [path.join(SPHINXTRAIN, "bw"), "sphinxtrain"],
  ["/usr/bin/sphinx_fe", "sphinxbase-utils"],
] as const) {
  if (!fs.existsSync(tool)) throw new Error(`${tool} is missing: sudo apt-get install -y ${pkg}`);
}

const work = path.join(os.tmpdir(), "parley-phone-mllr");
for (const dir of ["audio", "mfc"]) fs.mkdirSync(path.join(work, dir), { recursive: true });
const file = (name: string) => path.join(work, name);

const utterances = keptSentences().flatMap((text, i) =>
  VOICES.map((voice) => ({ id: `s${i}_${voice.replace(/\W/g, "")}`, text, voice })),
);
for (const u of utterances) phoneLeg(u.id, u.text, u.voice);
fs.writeFileSync(file("ids"), utterances.map((u) => u.id).join("\n") + "\n");
fs.writeFileSync(file("transcripts"), utterances.map((u) => `<s> ${u.text} </s> (${u.id})`).join("\n") + "\n");

run("sphinx_fe", [
  "-argfile",
  path.join(HMM, "feat.params"),
  "-samprate",
  "16000",
  "-raw",
  "yes",
  "-c",
  file("ids"),
  "-di",
  file("audio"),
  "-do",
  file("mfc"),
  "-ei",
  "raw",
  "-eo",
  "mfc",
]);
const cmninit = /-cmninit (\S+)/
  .exec(fs.readFileSync(path.join(HMM, "feat.params"), "utf8"))![1]!
  .split(",")
  .map(Number);
for (const u of utterances) subtractMean(path.join(work, "mfc", `${u.id}.mfc`), cmninit);

run("pocketsphinx_mdef_convert", ["-text", path.join(HMM, "mdef"), file("mdef.txt")]);
fs.writeFileSync(file("mixture_weights"), sendumpToMixw(fs.readFileSync(path.join(HMM, "sendump"))));
fs.rmSync(file("acc"), { recursive: true, force: true });
fs.mkdirSync(file("acc"));
run(path.join(SPHINXTRAIN, "bw"), [
  "-hmmdir",
  HMM,
  "-moddeffn",
  file("mdef.txt"),
  "-mixwfn",
  file("mixture_weights"),
  "-ts2cbfn",
  ".ptm.",
  "-feat",
  "1s_c_d_dd",
  "-svspec",
  "0-12/13-25/26-38",
  "-cmn",
  "none",
  "-agc",
  "none",
  "-dictfn",
  DICT,
  "-fdictfn",
  path.join(HMM, "noisedict"),
  "-ctlfn",
  file("ids"),
  "-lsnfn",
  file("transcripts"),
  "-cepdir",
  file("mfc"),
  "-accumdir",
  file("acc"),
]);
run(path.join(SPHINXTRAIN, "mllr_solve"), [
  "-meanfn",
  path.join(HMM, "means"),
  "-varfn",
  path.join(HMM, "variances"),
  "-outmllrfn",
  file("mllr_matrix"),
  "-accumdir",
  file("acc"),
]);
fs.writeFileSync(PHONE_MLLR, towardIdentity(fs.readFileSync(file("mllr_matrix"), "utf8"), SHARE));
console.log(`wrote ${PHONE_MLLR} from ${utterances.length} utterances (${work})`);

function run(cmd: string, args: string[]): void {
  execFileSync(cmd, args, { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 28 });
}

/** The kept sentences ("sentence<TAB>source file" lines), picked again from /usr/share/doc with --repick. */
function keptSentences(): string[] {
  if (process.argv.includes("--repick") || !fs.existsSync(SENTENCES_FILE)) {
    fs.writeFileSync(
      SENTENCES_FILE,
      pickSentences()
        .map((s) => `${s.text}\t${s.source}`)
        .join("\n") + "\n",
    );
  }
  return fs
    .readFileSync(SENTENCES_FILE, "utf8")
    .trim()
    .split("\n")
    .map((line) => line.split("\t")[0]!);
}

/** Sentences of the installed packages' README files whose words the model's dictionary has, spread over them. */
function pickSentences(): Array<{ text: string; source: string }> {
  const known = new Set(
    fs
      .readFileSync(DICT, "utf8")
      .split("\n")
      .map((l) => l.split(/\s/)[0]!)
      .filter((w) => w && !w.includes("(")),
  );
  const found = new Map<string, string>(); // sentence → its file
  for (const pkg of fs.readdirSync("/usr/share/doc").sort()) {
    let names: string[];
    try {
      names = fs
        .readdirSync(path.join("/usr/share/doc", pkg))
        .filter((f) => /^README(\.Debian)?(\.gz)?$/i.test(f) || /^README(\.md)?(\.gz)?$/.test(f));
    } catch {
      continue; // a file, not a package's folder
    }
    for (const name of names.sort()) {
      let bytes: Buffer;
      try {
        bytes = fs.readFileSync(path.join("/usr/share/doc", pkg, name));
      } catch {
        continue; // a dangling link or a folder
      }
      const text = (name.endsWith(".gz") ? zlib.gunzipSync(bytes) : bytes).toString("utf8");
      for (const raw of text.replace(/\s+/g, " ").split(/(?<=[.!?])\s+/)) {
        const s = raw.replace(/[.!?]$/, "").replace(/,/g, "");
        if (!/^[A-Za-z' ]+$/.test(s)) continue;
        const words = s.toLowerCase().split(" ").filter(Boolean);
        if (
          words.length >= 6 &&
          words.length <= 16 &&
          words.every((w) => known.has(w)) &&
          !found.has(words.join(" "))
        ) {
          found.set(words.join(" "), path.join("/usr/share/doc", pkg, name));
        }
      }
    }
  }
  const all = [...found].map(([text, source]) => ({ text, source }));
  if (all.length < SENTENCES) throw new Error(`only ${all.length} usable sentences in /usr/share/doc`);
  const step = all.length / SENTENCES;
  return Array.from({ length: SENTENCES }, (_, i) => all[Math.floor(i * step)]!);
}

/**
 * The sentence spoken by `voice`, through a call's phone line and folded to 16 kHz, as raw PCM16 (kept between runs).
 */
function phoneLeg(id: string, text: string, voice: string): void {
  const raw = path.join(work, "audio", `${id}.raw`);
  if (fs.existsSync(raw)) return;
  const wav = path.join(work, "audio", `${id}.wav`);
  const [engine, name] = voice.split(":") as [string, string];
  if (engine === "flite") run("flite", ["-voice", name, "-t", text, "-o", wav]);
  else run("espeak-ng", ["-v", name, "-w", wav, text]);
  const folded = mirrorToWideband(asLegAudio(decodeWav(fs.readFileSync(wav)), true).samples);
  fs.writeFileSync(raw, Buffer.from(folded.buffer, folded.byteOffset, folded.byteLength));
  fs.rmSync(wav);
}

/** Subtracts `mean` from each cepstrum of a Sphinx feature file (int32 count, then float32s, little-endian). */
function subtractMean(mfc: string, mean: number[]): void {
  const b = fs.readFileSync(mfc);
  const n = b.readInt32LE(0);
  for (let k = 0; k < n; k++) b.writeFloatLE(b.readFloatLE(4 + 4 * k) - mean[k % mean.length]!, 4 + 4 * k);
  fs.writeFileSync(mfc, b);
}

/**
 * The model's mixture weights as bw reads them (Sphinx-3 mixw: senones × streams × densities), from pocketsphinx's
 * sendump, which keeps them as 8-bit negated logs (base 1.0001, shifted), densities by row.
 */
function sendumpToMixw(b: Buffer): Buffer {
  let at = 0;
  const int = () => {
    at += 4;
    return b.readInt32LE(at - 4);
  };
  const str = () => {
    const n = int();
    at += n;
    return n ? b.toString("latin1", at - n, at - 1) : null;
  };
  str(); // the format's description
  const header = new Map<string, number>();
  for (let h = str(); h !== null; h = str()) header.set(h.split(/\s+/)[0]!, Number(h.split(/\s+/)[1]));
  if (header.get("cluster_count")) throw new Error("a clustered sendump: not the en-us model's");
  const streams = header.get("feature_count")!,
    shift = header.get("mixw_shift") ?? 10;
  const densities = int(),
    senones = int();
  if (at + streams * densities * senones !== b.length) throw new Error("sendump: unexpected size");
  const w = new Float32Array(senones * streams * densities);
  for (let f = 0; f < streams; f++)
    for (let d = 0; d < densities; d++)
      for (let s = 0; s < senones; s++) w[(s * streams + f) * densities + d] = 1.0001 ** -(b[at++]! << shift);
  for (let row = 0; row < senones * streams; row++) {
    const one = w.subarray(row * densities, (row + 1) * densities);
    const sum = one.reduce((a, v) => a + v, 0);
    one.forEach((v, i) => {
      one[i] = v / sum;
    });
  }
  const head = "s3\nversion 1.0\n";
  const pad = (4 - ((head.length + "endhdr\n".length) & 3)) & 3;
  const body = Buffer.alloc(20 + w.byteLength);
  body.writeInt32LE(0x11223344, 0); // byte order
  [senones, streams, densities, w.length].forEach((v, i) => void body.writeUInt32LE(v, 4 + 4 * i));
  Buffer.from(w.buffer).copy(body, 20);
  return Buffer.concat([Buffer.from(`${head}${" ".repeat(pad)}endhdr\n`, "latin1"), body]);
}

/**
 * An mllr_solve transform (classes, streams, then per stream n, A n×n,
 * b, h) moved `share` of the way from the identity.
 */
function towardIdentity(text: string, share: number): string {
  const t = text.trim().split(/\s+/).map(Number);
  let i = 0;
  const classes = t[i++]!,
    streams = t[i++]!;
  const lines = [String(classes), String(streams)];
  const fmt = (vs: number[]) => vs.map((v) => v.toFixed(6)).join(" ");
  for (let c = 0; c < classes * streams; c++) {
    const n = t[i++]!;
    lines.push(String(n));
    for (let r = 0; r < n; r++)
      lines.push(fmt(Array.from({ length: n }, (_, k) => (r === k ? 1 : 0) + share * (t[i++]! - (r === k ? 1 : 0)))));
    lines.push(fmt(Array.from({ length: n }, () => share * t[i++]!)));
    lines.push(fmt(Array.from({ length: n }, () => 1 + share * (t[i++]! - 1))));
  }
  if (i !== t.length) throw new Error("mllr_solve wrote an unexpected transform");
  return lines.join("\n") + "\n";
}
