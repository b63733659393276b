import assert from "node:assert/strict";
import { test } from "node:test";
import type { TtsProvider } from "../providers/tts/tts-provider.ts";
import type { AgentSpeaker } from "./agent-speaker.ts";
import { GREETING_WAIT_MS, playGreeting, prepareGreeting, splitSentences } from "./greeting.ts";

/** A voice that says "Hello!" at once and takes `slowMs` for anything else (a busy machine). */
function slowTts(slowMs: number): TtsProvider {
  return {
    name: "slow-test",
    listVoices: async () => [],
    async *synthesize(text, { sampleRate }) {
      await new Promise((r) => setTimeout(r, text === "Hello!" ? 1 : slowMs));
      yield new Int16Array(sampleRate / 10);
    },
  };
}

function recordingSpeaker() {
  const played: string[] = [];
  let at = 0;
  const speaker = {
    async playPrepared(lines: Array<{ text: string; audio: Promise<Int16Array[]> }>) {
      at = performance.now();
      for (const l of lines) {
        await l.audio;
        played.push(l.text);
      }
    },
  } as unknown as AgentSpeaker;
  return { speaker, played, startedAt: () => at };
}

test("a greeting not ready 1 s after the pick-up opens with the hello already synthesised", async () => {
  const tts = slowTts(3000);
  prepareGreeting("Warm-up.", tts, "v", 8000); // an earlier call of the voice made its hello
  await new Promise((r) => setTimeout(r, 50));
  const greeting = prepareGreeting("Hi Maya, this is Alex. Do you have a minute?", tts, "v", 8000);
  const s = recordingSpeaker();
  const picked = performance.now();
  await playGreeting(s.speaker, greeting);
  const waited = s.startedAt() - picked;
  assert.ok(waited >= GREETING_WAIT_MS - 20 && waited < 1500, `the first word within 1.5 s (${Math.round(waited)} ms)`);
  assert.deepEqual(s.played, ["Hello!", "Hi Maya, this is Alex.", "Do you have a minute?"]);
});

test("a greeting ready in time plays alone, sentence by sentence", async () => {
  const greeting = prepareGreeting("Hi Maya. Do you have a minute?", slowTts(10), "w", 8000);
  const s = recordingSpeaker();
  await playGreeting(s.speaker, greeting);
  assert.deepEqual(s.played, ["Hi Maya.", "Do you have a minute?"]);
  assert.deepEqual(splitSentences("One. Two! Three? four"), ["One.", "Two!", "Three?", "four"]);
});
