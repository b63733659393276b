import { createFramer } from "../audio/frames.ts";
import type { TtsProvider } from "../providers/tts/tts-provider.ts";
import type { AgentSpeaker } from "./agent-speaker.ts";

export type PreparedGreeting = { text: string; audio: Promise<Int16Array[]> };

/**
 * The greeting is synthesised while the phone rings, so the callee hears it the moment they pick up.
 * A synthesis failure leaves it silent rather than failing the call.
 */
export function prepareGreeting(text: string, tts: TtsProvider, voiceId: string, sampleRate: number): PreparedGreeting {
  return { text, audio: synthesizeFrames(text, tts, voiceId, sampleRate).catch(() => [] as Int16Array[]) };
}

/** Plays the prepared greeting as the agent's first turn. */
export function playGreeting(speaker: AgentSpeaker, greeting: PreparedGreeting): Promise<void> {
  return speaker.playPrepared(greeting.text, greeting.audio);
}

async function synthesizeFrames(text: string, tts: TtsProvider, voiceId: string, sampleRate: number): Promise<Int16Array[]> {
  const framer = createFramer(sampleRate);
  const frames: Int16Array[] = [];
  for await (const chunk of tts.synthesize(text, { voiceId, sampleRate })) frames.push(...framer.push(chunk));
  return [...frames, ...framer.drain()];
}
