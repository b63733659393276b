import assert from "node:assert/strict";
import { test } from "node:test";
import { converse, createRecordingTools, londonContext } from "../../../../tests/support/voice/fake-agent-tools.ts";
import { classifyIntent } from "./intents.ts";
import { toolDefinitions, runToolCall } from "./llm/llm-tools.ts";
import { createRulesBrain } from "./rules-brain.ts";
import { lines } from "./rules-lines.ts";

/** Recording tools plus `transferCall`, as the session gives them when the campaign has "Transfer to". */
function withTransfer() {
  const rec = createRecordingTools();
  const reasons: string[] = [];
  return {
    ...rec,
    reasons,
    tools: { ...rec.tools, transferCall: (r: { reason: string }) => void reasons.push(r.reason) },
  };
}

test("asking for a person is its own intent; asking whether the agent is one is a question", () => {
  for (const said of [
    "Can I talk to a real person?",
    "i want to speak with a human",
    "could I speak to someone from the team please",
    "Is there someone from your team I could talk to?",
    "just put me through to a person",
    "can i speak to a representative",
  ])
    assert.equal(classifyIntent(said), "person", said);
  assert.equal(classifyIntent("Are you a real person?"), "question");
  assert.equal(classifyIntent("Please stop calling me, I don't want to talk to anyone"), "dnc");
});

test("with Transfer to: the agent says it is connecting them and asks for the transfer, once", async () => {
  const t = withTransfer();
  const brain = createRulesBrain(londonContext(), t.tools);
  const { replies, transcript } = await converse(brain, ["Hello?", "Can I talk to a real person, please?"]);
  assert.deepEqual(replies[1], [lines.transferring()]);
  assert.deepEqual(t.reasons, ["Can I talk to a real person, please?"]);
  // The person answered: nothing more for the agent to say, and the call is the team's.
  assert.equal(brain.transferEnded!({ answered: true }), null);
  const summary = await brain.finish(transcript);
  assert.equal(summary.outcome, "transferred");
  assert.match(summary.summary, /Ana Lima asked to speak with a person and was put through to the team\./);
});

test("the person does not answer: the agent comes back with a callback and books the time named", async () => {
  const t = withTransfer();
  const brain = createRulesBrain(londonContext(), t.tools);
  await converse(brain, ["Can I speak with someone from the team?"]);
  const back = brain.transferEnded!({ answered: false, detail: "No answer within 25 s." });
  assert.equal(back, lines.transferUnanswered());
  const { replies, transcript } = await converse(brain, ["Monday at 11 am please"]);
  assert.match(replies[0]!.join(" "), /call you back on Monday, October 26 at 11:00 AM/);
  assert.deepEqual(
    t.calls.filter((c) => c.tool === "scheduleCallback").map((c) => c.arg),
    ["2026-10-26T11:00:00.000Z"],
  );
  const summary = await brain.finish(transcript);
  assert.equal(summary.outcome, "follow_up");
  assert.match(summary.summary, /asked to speak with a person, but nobody from the team picked up/);
});

test("without Transfer to: a callback is offered instead and nothing is rung", async () => {
  const rec = createRecordingTools();
  const brain = createRulesBrain(londonContext(), rec.tools);
  const { replies } = await converse(brain, ["can I talk to a human", "tomorrow morning"]);
  assert.deepEqual(replies[0], [lines.noTransfer()]);
  assert.equal(rec.calls.filter((c) => c.tool === "scheduleCallback").length, 1);
});

test("the LLM gets transfer_call only when the campaign has someone to transfer to; calling it asks", async () => {
  const plain = createRecordingTools();
  assert.ok(!toolDefinitions(plain.tools).some((d) => d.function.name === "transfer_call"));
  const t = withTransfer();
  const defs = toolDefinitions(t.tools);
  assert.ok(defs.some((d) => d.function.name === "transfer_call"));
  const call = {
    id: "1",
    type: "function" as const,
    function: { name: "transfer_call", arguments: JSON.stringify({ reason: "wants a human about billing" }) },
  };
  const answer = JSON.parse(await runToolCall(call, londonContext(), t.tools, []));
  assert.equal(answer.transferring, true);
  assert.deepEqual(t.reasons, ["wants a human about billing"]);
  // Without the tool a model that calls it anyway is told to offer a callback.
  assert.match(JSON.parse(await runToolCall(call, londonContext(), plain.tools, [])).error, /offer a callback/);
});
