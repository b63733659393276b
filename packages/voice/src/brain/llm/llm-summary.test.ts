import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { TranscriptTurn } from "../brain.ts";
import type { CallEvent } from "../call-events.ts";
import { londonContext } from "../../../../../tests/support/voice/fake-agent-tools.ts";
import { startFakeOpenAi } from "../../../../../tests/support/voice/fake-openai-server.ts";
import { mentionsTime, summarizeWithLlm } from "./llm-summary.ts";

const servers: Array<{ close(): Promise<void> }> = [];
after(() => Promise.all(servers.map((s) => s.close())));

/** The summary when the model answers `model` for a call with these callee lines and tool events. */
async function summaryWith(model: object, callee: string[], events: CallEvent[]) {
  const server = await startFakeOpenAi([
    { kind: "json", body: { choices: [{ message: { content: JSON.stringify(model) } }] } },
  ]);
  servers.push(server);
  const transcript: TranscriptTurn[] = callee.map((text, i) => ({
    speaker: "callee",
    text,
    startMs: i * 1000,
    endMs: i * 1000 + 800,
  }));
  return summarizeWithLlm({ baseUrl: server.baseUrl, model: "m" }, londonContext(), transcript, events);
}

const booked: CallEvent = { kind: "booked", start: new Date("2026-10-27T15:00:00Z") };

describe("LLM summaries agree with what the tools did", () => {
  test("a booked call whose model summary names the time keeps the model's words", async () => {
    const s = await summaryWith(
      { outcome: "scheduled", summary: "Ana booked a demo for Tuesday at 3 PM.", sentiment: "positive" },
      ["Tuesday at 3 pm"],
      [booked],
    );
    assert.deepEqual([s.outcome, s.summary], ["scheduled", "Ana booked a demo for Tuesday at 3 PM."]);
    assert.equal(s.extracted.meeting_time, "2026-10-27T15:00:00+00:00");
  });

  test("a booked call the model calls 'interested' gets the rules summary with the time", async () => {
    const s = await summaryWith(
      { outcome: "interested", summary: "Ana seemed keen.", sentiment: "positive" },
      ["Tuesday at 3 pm"],
      [booked],
    );
    assert.deepEqual(
      [s.outcome, s.summary],
      ["scheduled", "Ana Lima agreed to a meeting, booked for Tuesday, October 27 at 3:00 PM."],
    );
  });

  test("a booked call whose summary leaves out the time gets the rules summary", async () => {
    const s = await summaryWith(
      { outcome: "scheduled", summary: "Ana booked a demo.", sentiment: "positive" },
      ["Tuesday at 3 pm"],
      [booked],
    );
    assert.match(s.summary, /booked for Tuesday, October 27 at 3:00 PM/);
  });

  test("a model that claims a booking or an opt-out that did not happen is not believed", async () => {
    const s = await summaryWith(
      { outcome: "scheduled", summary: "Ana booked a demo for 3 PM.", sentiment: "positive" },
      ["No thanks, I am not interested."],
      [],
    );
    assert.deepEqual([s.outcome, s.summary], ["not_interested", "Ana Lima said they were not interested."]);
    const d = await summaryWith(
      { outcome: "do_not_call", summary: "Ana opted out.", sentiment: "negative" },
      ["No thanks, I am not interested."],
      [],
    );
    assert.equal(d.outcome, "not_interested");
  });

  test("a callback is follow_up with its time, whatever the model says", async () => {
    const callback: CallEvent = { kind: "callback", at: new Date("2026-10-24T08:00:00Z") };
    const s = await summaryWith(
      { outcome: "not_interested", summary: "Ana was not interested.", sentiment: "negative" },
      ["call me back tomorrow at 9"],
      [callback],
    );
    assert.deepEqual(
      [s.outcome, s.summary],
      ["follow_up", "Ana Lima asked to be called back; a callback is scheduled for Saturday, October 24 at 9:00 AM."],
    );
    const ok = await summaryWith(
      { outcome: "follow_up", summary: "Ana asked for a call back tomorrow at 9am.", sentiment: "neutral" },
      ["call me back tomorrow at 9"],
      [callback],
    );
    assert.equal(ok.summary, "Ana asked for a call back tomorrow at 9am.");
  });

  test("do-not-call stays do-not-call", async () => {
    const s = await summaryWith(
      { outcome: "not_interested", summary: "Ana said no.", sentiment: "negative" },
      ["stop calling me"],
      [{ kind: "dnc" }],
    );
    assert.deepEqual(
      [s.outcome, s.summary],
      ["do_not_call", "Ana Lima asked not to be called again and was added to the do-not-call list."],
    );
  });

  test("mentionsTime reads the usual ways of writing a time", () => {
    const at = new Date("2026-10-27T15:00:00Z");
    for (const t of ["at 3 PM", "at 3pm", "3:00", "15:00", "3 p.m."])
      assert.ok(mentionsTime(`Booked ${t}.`, at, "Europe/London"), t);
    for (const t of ["at 13:00", "4 pm", "Tuesday"]) assert.ok(!mentionsTime(`Booked ${t}.`, at, "Europe/London"), t);
  });
});
