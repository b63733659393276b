import { requireSileroVad } from "../../packages/voice/src/audio/silero-vad.ts";
import { createRecordingTools, londonContext } from "../../tests/support/voice/fake-agent-tools.ts";
import { createRulesBrain } from "../../packages/voice/src/brain/rules-brain.ts";
import { createPocketsphinxStt } from "../../packages/voice/src/providers/stt/pocketsphinx/pocketsphinx-stt.ts";
import type { SttProvider } from "../../packages/voice/src/providers/stt/stt-provider.ts";
import { tokenize } from "../../packages/voice/src/providers/stt/pocketsphinx/domain-model/domain-lm.ts";
import { createOfflineTts } from "../../packages/voice/src/providers/tts/offline-tts.ts";
import { runCallSession } from "../../packages/voice/src/session/call-session.ts";
import { createSimulatedTelephony } from "../../packages/voice/src/telephony/simulated/simulated-telephony.ts";

const pct = (xs: number[], p: number) =>
  xs.length ? xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN;
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms (n=${xs.length})`;

/**
 * The fixed clip set of benchmark 4: what callees say, spoken by flite `slt`; numbers as the recogniser spells them.
 */
const CLIPS = [
  "yes i am interested",
  "no thanks i am not interested",
  "ok book me tuesday at three pm",
  "sure thursday at ten thirty works",
  "what does the premium plan cost",
  "i am busy right now can you call me tomorrow morning",
  "please stop calling me",
  "take me off your list",
  "that is all thank you bye",
  "hello",
  "who is this",
  "can you send me an email",
  "how about friday at two pm",
  "do you have a free trial",
  "we already use another provider",
  "my budget is around five thousand dollars",
  "call me next week",
  "yes please",
  "what are your hours",
  "do you have an office in chicago",
];

/** Word error rate: word-level edit distance over the reference length. */
export function wordErrors(reference: string[], heard: string[]): number {
  let prev = Array.from({ length: heard.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= heard.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (reference[i - 1] === heard[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[heard.length]!;
}

async function wordErrorRate(stt: SttProvider): Promise<void> {
  const tts = createOfflineTts();
  const stream = stt.openStream({ vocabulary: ["What does the premium plan cost?"] });
  let errors = 0;
  let words = 0;
  const times: number[] = [];
  for (const clip of CLIPS) {
    for await (const c of tts.synthesize(clip, { voiceId: "flite:slt", sampleRate: stream.sampleRate }))
      stream.write(c);
    const started = performance.now();
    const heard = (await stream.flush()).text;
    times.push(performance.now() - started);
    errors += wordErrors(tokenize(clip), tokenize(heard));
    words += tokenize(clip).length;
  }
  stream.close();
  console.log(
    `4. offline STT word error rate on ${CLIPS.length} clips (flite slt, 16 kHz): ` +
      `${((errors / words) * 100).toFixed(1)}% (${errors}/${words} words); decode ${fmt(times)}`,
  );
}

/** Benchmarks 0 and 3: whole calls with the offline providers on the simulated carrier. */
async function offlineCalls(stt: SttProvider): Promise<void> {
  const tts = createOfflineTts();
  const greeting: number[] = [];
  const v2v: number[] = [];
  for (let i = 0; i < 5; i++) {
    const telephony = createSimulatedTelephony({ tts, ringMs: 1500 });
    const leg = await telephony.dial({
      to: "+447700900123",
      callId: `bench-${i}`,
      persona: "interested",
      signal: new AbortController().signal,
    });
    const r = await runCallSession({
      leg,
      stt,
      vad: requireSileroVad(),
      tts,
      voiceId: "flite:rms",
      brain: createRulesBrain,
      context: londonContext({ now: () => new Date() }),
      tools: createRecordingTools().tools,
      vocabulary: ["premium", "plans"],
    });
    const [first, ...rest] = r.latency;
    if (first) greeting.push(first.firstFrameSent);
    for (const m of rest) v2v.push(m.firstFrameSent - m.endOfSpeech);
  }
  console.log(`0. answer → first greeting frame sent, offline providers: ${fmt(greeting)}`);
  console.log(`3. voice-to-voice (end of callee speech → first agent frame), offline providers: ${fmt(v2v)}`);
}

export async function voiceToVoiceOffline(): Promise<void> {
  const stt = createPocketsphinxStt(); // one engine, its recognizer threads shared by both measures
  await offlineCalls(stt);
  await wordErrorRate(stt);
}
