/**
 * A recording through the call's listening path in real time (one 20 ms frame every 20 ms, as a call
 * delivers it), so the streaming recogniser's partial words arrive when they would in a call and the
 * endpoint waits as it would. Several policies listen to the same frames at once, each with its own stream.
 */
import { requireSileroVad } from "../../packages/voice/src/audio/silero-vad.ts";
import { FRAME_MS, samplesPerFrame } from "../../packages/voice/src/audio/frames.ts";
import { asLegAudio } from "../../packages/voice/src/listening/transcribe-recording.ts";
import type { Pcm } from "../../packages/voice/src/audio/wav.ts";
import type { SttProvider } from "../../packages/voice/src/providers/stt/stt-provider.ts";
import { createLoneListener } from "../../packages/voice/src/session/callee-listener.ts";
import type { TurnTakingOptions } from "../../packages/voice/src/session/session-types.ts";

/** One utterance: its words, and how long the endpoint waited after the speech ended (ms). */
export type Heard = { text: string; waitMs: number };

const TAIL_MS = 2000; // quiet after the recording, so the last utterance reaches its endpoint

/** The utterances each policy makes of the recording (those with words), in policy order. */
export async function listenRealTime(
  pcm: Pcm,
  stt: SttProvider,
  phone: boolean,
  policies: TurnTakingOptions[],
): Promise<Heard[][]> {
  const leg = asLegAudio(pcm, phone);
  const frameLen = samplesPerFrame(leg.rate);
  let atMs = 0;
  const streams = policies.map(() => stt.openStream({ vocabulary: [] }));
  const found = policies.map(() => [] as Array<Promise<Heard>>);
  const listeners = policies.map((cfg, i) =>
    createLoneListener({ legRate: leg.rate, cfg, stt: streams[i]!, vad: requireSileroVad() }, (u) => {
      const waitMs = atMs - u.endMs; // the endpoint fires on this frame
      found[i]!.push(u.heard.then((r) => ({ text: r.text.trim(), waitMs })));
    }),
  );
  const total = leg.samples.length + (leg.rate * TAIL_MS) / 1000;
  const started = performance.now();
  try {
    for (let at = 0; at + frameLen <= total; at += frameLen, atMs += FRAME_MS) {
      const frame = new Int16Array(frameLen);
      frame.set(leg.samples.subarray(at, Math.min(at + frameLen, leg.samples.length)));
      for (const l of listeners) l.push(frame);
      const due = started + atMs + FRAME_MS;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    }
    return await Promise.all(found.map(async (f) => (await Promise.all(f)).filter((h) => h.text)));
  } finally {
    for (const s of streams) s.close();
  }
}
