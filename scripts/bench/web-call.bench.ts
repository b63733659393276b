import { tone } from "../../packages/voice/src/audio/beep.ts";
import { createToneTts, echoBrain } from "../../packages/voice/src/providers/instant-providers.ts";
import { createScriptedStt } from "../../tests/support/voice/test-providers.ts";
import { createSimulatedTelephony } from "../../packages/voice/src/telephony/simulated/simulated-telephony.ts";
import { openWebCall, type WebCallClient } from "../../tests/support/web-call-client.ts";
import { buildUser, startTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { insertCampaign } from "../../tests/support/seed.ts";

const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const SEQUENTIAL = 20;
const CONCURRENT = 3; // the per-organisation limit of test calls
// The session's default end-of-turn silence, subtracted from what the client waits. The client paces its
// frames with timers that run a little slow, so the figure errs high, never low.
const END_OF_TURN_MS = 500;

/** Milliseconds until the next binary (agent audio) message arrives on the client. */
function nextAudio(call: WebCallClient): Promise<number> {
  const from = call.agentSamples;
  const t0 = performance.now();
  return new Promise((resolve) => {
    const poll = () => (call.agentSamples > from ? resolve(performance.now() - t0) : setImmediate(poll));
    poll();
  });
}

async function oneCall(t: TestApp, token: string, campaignId: string) {
  const { body } = await t.request("POST", `/api/campaigns/${campaignId}/test-call`, { token });
  const call = await openWebCall(t.baseUrl.replace(/^http/, "ws") + body.ws_url);
  await call.waitFor("ready");
  const greeting = nextAudio(call);
  call.send({ type: "start" });
  const toGreeting = await greeting;
  // A browser's microphone streams all the time: silence while the agent greets.
  const greeted = () => call.messages.some((m) => m.type === "agent_speaking" && !m.speaking);
  while (!greeted()) await call.speak(new Int16Array(320));
  await call.speak(tone(16_000, 300, 600));
  const reply = nextAudio(call);
  await call.speak(new Int16Array(16_000)); // silence: the end of the callee's turn
  const toReply = (await reply) - END_OF_TURN_MS;
  call.send({ type: "hangup" });
  await call.closed;
  return { toGreeting, toReply };
}

/**
 * The browser test call over a real WebSocket with instant providers (tone TTS, scripted STT, echo brain),
 * so what is measured is the web leg, the socket and the session: start → first greeting frame at the
 * client, and end of the callee's turn (after the 500 ms end-of-turn silence) → first reply frame.
 */
export async function run(): Promise<void> {
  const t = await startTestApp("pglite", {
    voice: {
      telephony: createSimulatedTelephony({ tts: createToneTts(200), ringMs: 0 }),
      stt: createScriptedStt(Array.from({ length: SEQUENTIAL + CONCURRENT }, () => "tell me more")),
      tts: createToneTts(300),
      brain: echoBrain,
      defaultVoiceId: "tone",
      recording: true,
    },
  });
  try {
    const u = await buildUser(t);
    const campaignId = await insertCampaign(t.db, u.orgId, { name: "Bench", status: "draft" });
    const seq = [];
    for (let i = 0; i < SEQUENTIAL; i++) seq.push(await oneCall(t, u.token, campaignId));
    const g = seq.map((r) => r.toGreeting);
    const r = seq.map((x) => x.toReply);
    console.log(
      `web call, ${SEQUENTIAL} calls one at a time: start → first greeting frame at the ` +
        `client p50 ${pct(g, 50).toFixed(1)} ms, p95 ${pct(g, 95).toFixed(1)} ms`,
    );
    console.log(
      `web call: end of turn (after ${END_OF_TURN_MS} ms silence) → first reply frame at the ` +
        `client p50 ${pct(r, 50).toFixed(1)} ms, p95 ${pct(r, 95).toFixed(1)} ms`,
    );
    const par = await Promise.all(Array.from({ length: CONCURRENT }, () => oneCall(t, u.token, campaignId)));
    const pr = par.map((x) => x.toReply);
    console.log(
      `web call, ${CONCURRENT} at once: reply frame p50 ` +
        `${pct(pr, 50).toFixed(1)} ms, max ${Math.max(...pr).toFixed(1)} ms`,
    );
  } finally {
    await t.close();
  }
}
