/**
 * Turn-taking on real people: the speech dev set (tests/speech-dev-set, real recordings from Debian's
 * pocketsphinx-testdata) played by simulated callees into whole offline calls (resident pocketsphinx,
 * rules brain, flite), once with the old fixed 500 ms end-of-turn silence and once with the endpoint that
 * listens to the words. Reports voice-to-voice (end of the callee's speech → first agent frame) and
 * mid-sentence cut-offs: a dev-set sentence has no pause in its reference, so every extra utterance the
 * listening path makes of one clip is a cut-off (at 16 kHz and through the phone round trip), as recorded
 * and with a thinking pause put in mid-phrase (turn-taking-pauses.ts); frames are fed in real time
 * (turn-taking-listen.ts) so partial words arrive as in a call, and the endpoint's wait is measured.
 */
import { PSPHINX_TESTDATA, readSpeechDevSet } from "./speech-dev-set.ts";
import { requireSileroVad } from "../../packages/voice/src/audio/silero-vad.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { decodeWav, encodeWav, toMono, type Pcm } from "../../packages/voice/src/audio/wav.ts";
import { resample } from "../../packages/voice/src/audio/resample.ts";
import { createRecordingTools, londonContext } from "../../tests/support/voice/fake-agent-tools.ts";
import { createRulesBrain } from "../../packages/voice/src/brain/rules-brain.ts";
import type { BrainFactory } from "../../packages/voice/src/brain/brain.ts";
import { createPocketsphinxStt } from "../../packages/voice/src/providers/stt/pocketsphinx/pocketsphinx-stt.ts";
import type { SttProvider } from "../../packages/voice/src/providers/stt/stt-provider.ts";
import { createOfflineTts } from "../../packages/voice/src/providers/tts/offline-tts.ts";
import { runCallSession } from "../../packages/voice/src/session/call-session.ts";
import {
  DEFAULT_TURN_TAKING,
  type LatencyMark,
  type TurnTakingOptions,
} from "../../packages/voice/src/session/session-types.ts";
import { createSimulatedTelephony } from "../../packages/voice/src/telephony/simulated/simulated-telephony.ts";
import { fixedEndpoint } from "../../tests/support/voice/fixed-endpoint.ts";
import { listenRealTime, type Heard } from "./turn-taking-listen.ts";
import { withThinkingPause } from "./turn-taking-pauses.ts";

const POLICIES: Array<[string, TurnTakingOptions]> = [
  ["fixed 500 ms silence (before)", { ...DEFAULT_TURN_TAKING, ...fixedEndpoint(500), holdMidPhrase: false }],
  ["listening to the words (now)", DEFAULT_TURN_TAKING],
];
const THINKING_PAUSE_MS = 700; // longer than the old fixed endpoint, shorter than a mid-phrase wait
const ROUNDS = 2; // each clip is played this many times per policy for voice-to-voice

export async function run(): Promise<void> {
  if (!fs.existsSync(PSPHINX_TESTDATA))
    return console.log("skipped: needs Debian's pocketsphinx-testdata (bash scripts/ensure-system-packages.sh)");
  const clips = readSpeechDevSet();
  const stt = createPocketsphinxStt();
  console.log(`dev set: ${clips.length} real recordings; STT ${stt.engine}`);

  const paused = clips.flatMap((c) => {
    const p = withThinkingPause(
      c.id,
      resample(toMono(c.pcm.samples, c.pcm.channels), c.pcm.sampleRate, 16_000),
      c.reference,
      THINKING_PAUSE_MS,
    );
    return p ? [{ id: c.id, pcm: { sampleRate: 16_000, channels: 1, samples: p.samples } satisfies Pcm }] : [];
  });
  console.log(
    `the same clips with a ${THINKING_PAUSE_MS} ms thinking pause after a ` +
      `preposition, article or conjunction: ${paused.length} clips`,
  );
  for (const phone of [false, true]) {
    for (const [set, name] of [
      [clips, "as recorded"],
      [paused, "with a thinking pause"],
    ] as const) {
      const heard = POLICIES.map(() => [] as Array<{ id: string; utterances: Heard[] }>);
      for (const c of set) {
        const each = await listenRealTime(
          c.pcm,
          stt,
          phone,
          POLICIES.map(([, cfg]) => cfg),
        );
        each.forEach((utterances, i) => void heard[i]!.push({ id: c.id, utterances }));
      }
      POLICIES.forEach(([label], i) => {
        const split = heard[i]!.filter((h) => h.utterances.length > 1);
        const cuts = split.reduce((n, h) => n + h.utterances.length - 1, 0);
        const waits = heard[i]!.flatMap((h) => h.utterances.map((u) => u.waitMs));
        console.log(
          `${label}, ${phone ? "phone line" : "16 kHz"}, ${name}: mid-sentence cut-offs ${cuts} ` +
            `in ${set.length} clips; endpoint after the speech ended ${fmt(waits)}` +
            (split.length
              ? "\n   split: " +
                `${split.map((h) => `${h.id}: ${h.utterances.map((u) => `"${u.text}"`).join(" | ")}`).join("; ")}`
              : ""),
        );
      });
    }
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-turns-"));
  try {
    for (const c of clips)
      fs.writeFileSync(
        path.join(dir, `${c.id}.wav`),
        encodeWav(resample(toMono(c.pcm.samples, c.pcm.channels), c.pcm.sampleRate, 16_000), 16_000),
      );
    const pausedDir = path.join(dir, "paused");
    fs.mkdirSync(pausedDir);
    for (const c of paused) fs.writeFileSync(path.join(pausedDir, `${c.id}.wav`), encodeWav(c.pcm.samples, 16_000));
    for (const [label, cfg] of POLICIES) {
      const marks: LatencyMark[] = [];
      for (let round = 0; round < ROUNDS; round++)
        marks.push(
          ...(await voiceToVoice(
            dir,
            clips.map((c) => `${c.id}.wav`),
            stt,
            cfg,
          )),
        );
      console.log(
        `${label}: voice-to-voice over real speech (end of callee speech → first agent ` +
          `frame): ${fmt(marks.map((m) => m.firstFrameSent - m.endOfSpeech))}`,
      );
      console.log(
        "   of which end of speech → final text (the endpoint's silence, then STT): " +
          `${fmt(marks.map((m) => m.sttFinal - m.endOfSpeech))}; final text → first frame ` +
          `(brain, TTS): ${fmt(marks.map((m) => m.firstFrameSent - m.sttFinal))}`,
      );
      const turns = await calleeTurns(
        pausedDir,
        paused.map((c) => `${c.id}.wav`),
        stt,
        cfg,
      );
      console.log(
        `   a call playing the ${paused.length} clips with a thinking pause: ${turns} callee turns ` +
          `(${turns - paused.length} more than clips: the agent answered half a sentence)`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One offline call on the simulated carrier whose callee plays every clip
 * in turn; the latency marks of the agent's replies.
 */
async function voiceToVoice(
  dir: string,
  files: string[],
  stt: SttProvider,
  cfg: TurnTakingOptions,
): Promise<LatencyMark[]> {
  const r = await offlineCall(dir, files, stt, cfg);
  // Replies to what the callee said (not the greeting or a check-in): their mark starts at a callee turn's end.
  const calleeEnds = new Set(r.transcript.filter((t) => t.speaker === "callee").map((t) => t.endMs));
  return r.latency.filter((m) => m.turn > 1 && calleeEnds.has(m.endOfSpeech));
}

/** How many turns the callee's clips became in one call's transcript. */
async function calleeTurns(dir: string, files: string[], stt: SttProvider, cfg: TurnTakingOptions): Promise<number> {
  const r = await offlineCall(dir, files, stt, cfg);
  return r.transcript.filter((t) => t.speaker === "callee").length;
}

async function offlineCall(dir: string, files: string[], stt: SttProvider, cfg: TurnTakingOptions) {
  const tts = createOfflineTts();
  const telephony = createSimulatedTelephony({ tts, ringMs: 200, audioDir: dir });
  const leg = await telephony.dial({
    to: "+447700900123",
    callId: "turns",
    persona: files.map((f) => `play:${f}`).join(";"),
    signal: new AbortController().signal,
  });
  // The call goes on through every clip: a goodbye or an opt-out heard in a reading does not end it.
  const brain: BrainFactory = (ctx, tools) => createRulesBrain(ctx, { ...tools, endCall: () => {} });
  return runCallSession({
    leg,
    stt,
    vad: requireSileroVad(),
    tts,
    voiceId: "flite:rms",
    brain: telephony.listenToAgent(brain),
    context: londonContext({ now: () => new Date() }),
    tools: createRecordingTools().tools,
    vocabulary: ["premium", "plans"],
    turnTaking: cfg,
  });
}

const pct = (xs: number[], p: number) =>
  xs.length ? xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN;
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms (n=${xs.length})`;
