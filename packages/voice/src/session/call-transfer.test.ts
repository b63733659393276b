import assert from "node:assert/strict";
import { test } from "node:test";
import { levelDb } from "../audio/frames.ts";
import { createRulesBrain } from "../brain/rules-brain.ts";
import { lines } from "../brain/rules-lines.ts";
import {
  createScriptedStt,
  fixedToneTts,
  noAgentTools as noTools,
  testContext,
} from "../../../../tests/support/voice/test-providers.ts";
import type { CallLeg } from "../telephony/call-leg.ts";
import { createSimulatedTelephony } from "../telephony/simulated/simulated-telephony.ts";
import { runCallSession } from "./call-session.ts";
import type { SessionEvent, TransferRecord } from "./session-types.ts";

/** Every sentence is 400 ms of tone (the agent's at 300 Hz, the simulated people's at 500 Hz): short calls. */
const shortTts = (freq: number) => fixedToneTts(freq, 400);

/** A simulated call whose caller asks for a person, with the transfer rung on the same simulated carrier. */
async function transferCall(target: string, stt: string[], o: { ringLimitMs?: number } = {}) {
  const telephony = createSimulatedTelephony({ tts: shortTts(500), ringMs: 150, noAnswerMs: 400 });
  const caller = await telephony.dial({
    to: "+14155550100",
    callId: "c1",
    signal: new AbortController().signal,
    persona: "say:Can I talk to a real person;say:I have a question about my order;say:Thanks bye;hangup",
  });
  const events: SessionEvent[] = [];
  let person: CallLeg | null = null;
  let personHeard = 0; // voiced frames of the caller that reached the person
  const result = await runCallSession({
    leg: caller,
    stt: createScriptedStt(stt),
    tts: shortTts(300),
    voiceId: "tone",
    brain: telephony.listenToAgent(createRulesBrain),
    context: testContext(),
    tools: noTools,
    vocabulary: [],
    onEvent: (e) => events.push(e),
    transfer: {
      to: target,
      ringLimitMs: o.ringLimitMs ?? 5000,
      async dial(signal) {
        const leg = await telephony.dial({ to: target, callId: "c1", persona: null, purpose: "transfer", signal });
        const send = leg.send.bind(leg);
        // What the person hears: the briefing first, then (bridged) the caller.
        const heard = (f: Int16Array) => {
          if (levelDb(f) > -40) personHeard++;
          send(f);
        };
        person = { ...leg, on: (l) => leg.on(l), send: heard };
        return person;
      },
    },
  });
  const transfers = events.flatMap((e) => (e.type === "transfer" ? [e.transfer] : ([] as TransferRecord[])));
  return { result, transfers, personHeard, person };
}

test("the person answers: told who calls, then joined to the caller; recording keeps both; agent silent", async () => {
  const { result, transfers, personHeard } = await transferCall("+15550102000", ["Can I talk to a real person?"]);
  assert.equal(transfers.length, 1);
  assert.deepEqual(
    { ...transfers[0], at: undefined },
    { to: "+15550102000", at: undefined, answered: true, detail: null },
  );
  assert.equal(result.transferred, true);
  // The agent said it was connecting them, and nothing after: the rest of the call is the caller's and the person's.
  const agent = result.transcript.filter((t) => t.speaker === "agent").map((t) => t.text);
  assert.equal(agent.at(-1), lines.transferring());
  assert.ok(personHeard > 40, `the person heard the briefing and the caller (${personHeard} voiced frames)`);
  // Stereo recording (callee left, agent right): the person's voice is on the agent's channel after the hand-over.
  const wav = result.recording!;
  const pcm = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
  let agentVoiced = 0;
  for (let i = 1; i < pcm.length; i += 2) if (Math.abs(pcm[i]!) > 1000) agentVoiced++;
  assert.ok(
    agentVoiced > 16_000 * 1.2,
    `the agent channel holds the connecting line and the person (${agentVoiced} loud samples)`,
  );
});

test("the person does not answer: the agent has the caller back, offers a callback, and the log says why", async () => {
  const { result, transfers } = await transferCall("sip:no_answer@simulated", [
    "Can I talk to a real person?",
    "tomorrow at 10 am",
    "thanks bye",
  ]);
  assert.equal(transfers.length, 1);
  assert.equal(transfers[0]!.answered, false);
  assert.match(transfers[0]!.detail ?? "", /No answer/);
  assert.ok(!result.transferred);
  const agent = result.transcript.filter((t) => t.speaker === "agent").map((t) => t.text);
  assert.ok(agent.includes(lines.transferUnanswered()), agent.join(" | "));
  assert.ok(
    agent.some((t) => /call you back/.test(t) && /10:00 AM/.test(t)),
    agent.join(" | "),
  );
});

test("ringing past the limit is no answer: the person's leg is hung up, the agent takes the caller back", async () => {
  const { result, transfers } = await transferCall("+15550102000", ["Can I talk to a real person?", "thanks bye"], {
    ringLimitMs: 80,
  });
  assert.equal(transfers[0]!.answered, false);
  assert.equal(transfers[0]!.detail, "No answer within 80 ms.");
  assert.ok(result.transcript.some((t) => t.text === lines.transferUnanswered()));
});
