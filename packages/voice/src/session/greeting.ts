import { createFramer } from "../audio/frames.ts";
import type { TtsProvider } from "../providers/tts/tts-provider.ts";
import type { AgentSpeaker } from "./agent-speaker.ts";

/** One sentence of audio made in advance: its text and its frames (empty when its synthesis failed). */
export type PreparedLine = { text: string; audio: Promise<Int16Array[]> };

export type PreparedGreeting = { text: string; sentences: PreparedLine[]; hello: PreparedLine };

// The callee never waits longer than 1.5 s for the agent's first word: a greeting not ready this long after the
// pick-up (a busy machine synthesises slowly) is opened by a short hello already synthesised.
export const GREETING_WAIT_MS = 1000;
const HELLO = "Hello!";
// The short hello of each voice, made once per process and kept: the first call of a voice pays for it while
// its phone rings, every later one finds it ready.
const hellos = new Map<string, PreparedLine>();

/**
 * The greeting is synthesised while the phone rings, sentence by sentence in order, so the callee hears its first
 * sentence as soon as that one is ready, not when the whole greeting is. A synthesis failure leaves a sentence
 * silent rather than failing the call.
 */
export function prepareGreeting(text: string, tts: TtsProvider, voiceId: string, sampleRate: number): PreparedGreeting {
  const key = `${tts.name}\u0000${voiceId}\u0000${sampleRate}`;
  let hello = hellos.get(key);
  if (!hello) {
    hello = { text: HELLO, audio: synthesizeFrames(HELLO, tts, voiceId, sampleRate).catch(() => []) };
    hellos.set(key, hello);
  }
  const sentences: PreparedLine[] = [];
  let previous: Promise<unknown> = Promise.resolve();
  for (const sentence of splitSentences(text)) {
    // One at a time: the first sentence gets the CPU first.
    const audio = previous.then(() => synthesizeFrames(sentence, tts, voiceId, sampleRate)).catch(() => []);
    previous = audio;
    sentences.push({ text: sentence, audio });
  }
  return { text, sentences, hello };
}

/**
 * Plays the prepared greeting as the agent's first turn; when its first sentence is not ready GREETING_WAIT_MS
 * after the pick-up and the hello is, the hello opens the turn and the greeting follows it.
 */
export async function playGreeting(speaker: AgentSpeaker, greeting: PreparedGreeting): Promise<void> {
  const first = greeting.sentences[0];
  const ready = (line: PreparedLine | undefined) =>
    line
      ? Promise.race([line.audio.then((f) => f.length > 0), sleep(GREETING_WAIT_MS).then(() => false)])
      : Promise.resolve(false);
  const helloReady = await Promise.race([greeting.hello.audio.then((f) => f.length > 0), sleep(0).then(() => false)]);
  const firstInTime = await ready(first);
  const lines = !firstInTime && helloReady ? [greeting.hello, ...greeting.sentences] : greeting.sentences;
  return speaker.playPrepared(lines);
}

/** Sentences of a greeting: split after ., ! or ? followed by a space. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function synthesizeFrames(
  text: string,
  tts: TtsProvider,
  voiceId: string,
  sampleRate: number,
): Promise<Int16Array[]> {
  const framer = createFramer(sampleRate);
  const frames: Int16Array[] = [];
  for await (const chunk of tts.synthesize(text, { voiceId, sampleRate })) frames.push(...framer.push(chunk));
  return [...frames, ...framer.drain()];
}
