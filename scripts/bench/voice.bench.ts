import { runCallSession } from "../../packages/voice/src/session/call-session.ts";
import { createFramePacer } from "../../packages/voice/src/session/frame-pacer.ts";
import type { SessionOptions, SessionResult } from "../../packages/voice/src/session/session-types.ts";
import { createSimulatedTelephony } from "../../packages/voice/src/telephony/simulated/simulated-telephony.ts";
import { createToneTts, echoBrain } from "../../packages/voice/src/providers/instant-providers.ts";
import { createScriptedStt, testContext } from "../../tests/support/voice/test-providers.ts";
import { voiceToVoiceOffline } from "./voice-offline.ts";

const pct = (xs: number[], p: number) =>
  xs.length ? xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN;
const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ` +
  `ms, p99 ${pct(xs, 99).toFixed(1)} ms (n=${xs.length})`;
const noTools = {
  bookMeeting: async () => ({ booked: false as const, reason: "bench", alternatives: [] }),
  scheduleCallback: async () => {},
  markDoNotCall: async () => {},
  retrieve: async () => [],
};

const SCRIPT = [
  "say:hello there",
  "say:tell me more",
  "say:what does it cost",
  "say:sounds good",
  "say:and the setup",
  "say:ok bye",
];

/** One call with instant fake providers on the simulated carrier; real-time audio frames both ways. */
async function fakeCall(
  pacer: SessionOptions["pacer"],
  calleePacer: ReturnType<typeof createFramePacer>,
): Promise<SessionResult> {
  const telephony = createSimulatedTelephony({ tts: createToneTts(200), ringMs: 50, pacer: calleePacer });
  const leg = await telephony.dial({
    to: "+14155550100",
    callId: "bench",
    persona: SCRIPT.join(";"),
    signal: new AbortController().signal,
  });
  const heard = SCRIPT.map((s) => s.slice(4));
  return runCallSession({
    leg,
    stt: createScriptedStt(heard),
    tts: createToneTts(300),
    voiceId: "tone",
    brain: echoBrain,
    context: testContext(),
    tools: noTools,
    vocabulary: [],
    pacer,
  });
}

/** Benchmarks 1 and 2: pipeline overhead with instant providers, then 200 calls at once on this machine. */
async function fakeProviderFigures(): Promise<void> {
  const pacer = createFramePacer();
  const calleePacer = createFramePacer();
  const solo = await Promise.all(Array.from({ length: 5 }, () => fakeCall(pacer, calleePacer)));
  const marks = solo.flatMap((r) => r.latency.slice(1));
  console.log(
    "1. end of callee speech → first agent frame, instant providers: " +
      `${fmt(marks.map((m) => m.firstFrameSent - m.endOfSpeech))}`,
  );
  console.log(
    "   of which the 500 ms end-of-turn silence; pipeline after the endpoint (STT final → " +
      `first frame): ${fmt(marks.map((m) => m.firstFrameSent - m.sttFinal))}`,
  );
  pacer.takeLateness();

  const N = 200;
  const cpu = process.cpuUsage();
  const rss = process.memoryUsage().rss;
  const started = performance.now();
  let peakRss = rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  // Calls start over 5 s, as a dialer ramps up; all 200 are live together for most of the run.
  const results = await Promise.all(
    Array.from({ length: N }, (_, i) =>
      new Promise((r) => setTimeout(r, (i * 5000) / N)).then(() => fakeCall(pacer, calleePacer)),
    ),
  );
  clearInterval(sampler);
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const late = pacer.takeLateness();
  const callSecs = results.reduce((n, r) => n + r.durationSecs, 0);
  const lateFrames = results.reduce((n, r) => n + r.lateFrames, 0);
  const completed = results.filter((r) => r.transcript.at(-1)?.text === "Goodbye.").length;
  console.log(
    `2. ${N} simultaneous calls (instant providers, agent + callee audio in this ` +
      `one process): ${completed}/${N} completed in ${wall.toFixed(1)} s`,
  );
  console.log(
    `   outbound frame tick lateness: ${fmt(late)}; frames sent late (caught up, never dropped): ${lateFrames}`,
  );
  console.log(
    `   CPU ${(((used.user + used.system) / 1e6 / callSecs) * 100).toFixed(2)}% of one core per call; memory ` +
      `${((peakRss - rss) / N / 1024 / 1024).toFixed(2)} MB per call (peak RSS growth / calls)`,
  );
  const marks200 = results.flatMap((r) => r.latency.slice(1));
  console.log(
    `   pipeline after the endpoint under that load: ${fmt(marks200.map((m) => m.firstFrameSent - m.sttFinal))}`,
  );
}

export async function run(): Promise<void> {
  await fakeProviderFigures();
  await voiceToVoiceOffline();
}
