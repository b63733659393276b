import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { TranscriptTurn } from "./brain.ts";
import type { CallEvent } from "./call-events.ts";
import { londonContext } from "../../../../tests/support/voice/fake-agent-tools.ts";
import { summarizeCall, summarizeUnspokenCall } from "./rules-summary.ts";

/** A transcript where the agent greets and the callee says each line in turn. */
function said(...callee: string[]): TranscriptTurn[] {
  const turns: TranscriptTurn[] = [
    { speaker: "agent", text: "Hi Ana, this is an AI assistant.", startMs: 0, endMs: 900 },
  ];
  callee.forEach(
    (text, i) => void turns.push({ speaker: "callee", text, startMs: 1000 * (i + 1), endMs: 1000 * (i + 1) + 800 }),
  );
  return turns;
}

const summarize = (events: CallEvent[], ...callee: string[]) => summarizeCall(londonContext(), said(...callee), events);

describe("call summaries agree with the outcome and the transcript", () => {
  test("booked → scheduled, names the meeting time", () => {
    const s = summarize([{ kind: "booked", start: new Date("2026-10-27T15:00:00Z") }], "Yes", "Tuesday at 3 pm please");
    assert.equal(s.outcome, "scheduled");
    assert.equal(s.summary, "Ana Lima agreed to a meeting, booked for Tuesday, October 27 at 3:00 PM.");
    assert.equal(s.extracted.meeting_time, "2026-10-27T15:00:00+00:00");
  });

  test("not interested → says so, and nothing about interest", () => {
    const s = summarize([], "No thanks, I am not interested.");
    assert.deepEqual(
      [s.outcome, s.summary, s.sentiment],
      ["not_interested", "Ana Lima said they were not interested.", "negative"],
    );
  });

  test("a no and a meeting request is interested: the summary does not say 'not interested'", () => {
    const s = summarize(
      [{ kind: "booking_refused", requested: new Date("2026-10-27T15:00:00Z"), reason: "conflict", alternatives: [] }],
      "No, not now",
      "Actually book me a meeting Tuesday at 3 pm",
    );
    assert.equal(s.outcome, "interested");
    assert.doesNotMatch(s.summary, /not interested/);
    assert.match(s.summary, /asked for a meeting but the requested time was not available; no meeting was booked\./);
  });

  test("callback → follow_up, names the callback time", () => {
    const s = summarize(
      [{ kind: "callback", at: new Date("2026-10-24T08:00:00Z") }],
      "I'm busy, call me back tomorrow at 9 am",
    );
    assert.equal(s.outcome, "follow_up");
    assert.equal(
      s.summary,
      "Ana Lima asked to be called back; a callback is scheduled for Saturday, October 24 at 9:00 AM.",
    );
    assert.equal(s.extracted.callback_time, "2026-10-24T09:00:00+01:00");
  });

  test("a callback after a no is still a callback, not 'not interested'", () => {
    const s = summarize(
      [{ kind: "callback", at: new Date("2026-10-24T08:00:00Z") }],
      "No, not now",
      "call me back tomorrow",
    );
    assert.equal(s.outcome, "follow_up");
    assert.doesNotMatch(s.summary, /not interested/);
  });

  test("do-not-call → says the number was added to the list", () => {
    const s = summarize([{ kind: "dnc" }], "Stop calling me, put me on your do not call list");
    assert.deepEqual([s.outcome, s.sentiment], ["do_not_call", "negative"]);
    assert.equal(s.summary, "Ana Lima asked not to be called again and was added to the do-not-call list.");
  });

  test("question answered → follow_up, quotes the question", () => {
    const s = summarize(
      [{ kind: "answered", question: "What does the premium plan cost?", source: "faq" }],
      "What does the premium plan cost?",
    );
    assert.equal(s.outcome, "follow_up");
    assert.equal(
      s.summary,
      'Ana Lima asked "What does the premium plan cost", answered from the campaign information.',
    );
  });

  test("an unanswerable question says a follow-up was offered", () => {
    const s = summarize(
      [{ kind: "answered", question: "Do you ship to Mars?", source: "none" }],
      "Do you ship to Mars?",
    );
    assert.match(
      s.summary,
      /asked "Do you ship to Mars", which the agent could not answer; a follow-up with the answer was offered\./,
    );
  });

  test("several questions: how many went unanswered", () => {
    const asked = (source: "faq" | "none", question: string) => ({ kind: "answered" as const, question, source });
    const mixed = summarize(
      [asked("faq", "When are you open?"), asked("none", "Do you ship to Mars?"), asked("faq", "Is parking free?")],
      "Is parking free?",
    );
    assert.match(
      mixed.summary,
      /asked "When are you open" and 2 more questions; 1 of them could not be answered and a follow-up was offered\./,
    );
    const all = summarize([asked("faq", "When are you open?"), asked("faq", "Is parking free?")], "Is parking free?");
    assert.match(
      all.summary,
      /asked "When are you open" and 1 more question, all answered from the campaign information\./,
    );
  });

  test("a no to 'anything else?' after an answered question is not a refusal: the call is a follow-up", () => {
    const transcript: TranscriptTurn[] = [
      { speaker: "agent", text: "Hi Ana, this is an AI assistant. Do you have a minute?", startMs: 0, endMs: 900 },
      { speaker: "callee", text: "what does the premium plan cost", startMs: 1000, endMs: 1800 },
      {
        speaker: "agent",
        text: "The premium plan costs 49 dollars a month. Is there anything else I can help you with?",
        startMs: 2000,
        endMs: 2900,
      },
      { speaker: "callee", text: "okay that is all i want it to nope thanks bye", startMs: 3000, endMs: 3800 },
    ];
    const s = summarizeCall(londonContext(), transcript, [
      { kind: "answered", question: "what does the premium plan cost", source: "faq" },
    ]);
    assert.equal(s.outcome, "follow_up", s.summary);
    assert.doesNotMatch(s.summary, /not interested/);
    assert.equal(
      summarize([], "No thanks, I am not interested.").outcome,
      "not_interested",
      "a no said to the offer still counts",
    );
  });

  test("interest without a booking", () => {
    const s = summarize([], "Yes that sounds interesting");
    assert.deepEqual([s.outcome, s.summary], ["interested", "Ana Lima showed interest but no meeting was booked."]);
  });

  test("calls nobody talked on say what happened", () => {
    assert.deepEqual(summarizeUnspokenCall("voicemail", { messageLeft: true }), {
      outcome: "voicemail",
      summary: "Reached voicemail; left the message.",
      sentiment: "neutral",
      extracted: {},
    });
    assert.equal(
      summarizeUnspokenCall("voicemail", { messageLeft: false }).summary,
      "Reached voicemail; no message left.",
    );
    assert.equal(summarizeUnspokenCall("no_answer").summary, "No answer.");
    assert.equal(
      summarizeUnspokenCall("no_answer", { answered: true }).summary,
      "The call was answered but nobody spoke.",
    );
    assert.equal(summarizeUnspokenCall("busy").summary, "The line was busy.");
    assert.equal(summarizeUnspokenCall("failed").summary, "The call failed.");
    assert.equal(
      summarizeUnspokenCall("failed", { reason: "carrier rejected the number." }).summary,
      "The call failed: carrier rejected the number.",
    );
  });
});
