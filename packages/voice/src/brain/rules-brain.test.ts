import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createRulesBrain } from "./rules-brain.ts";
import { converse, createRecordingTools, londonContext } from "../../../../tests/support/voice/fake-agent-tools.ts";
import { lines } from "./rules-lines.ts";

describe("rules brain", () => {
  test("greeting discloses the AI, the organisation and the recording", () => {
    const { tools } = createRecordingTools();
    assert.equal(
      createRulesBrain(londonContext(), tools).greeting(),
      "Hi Ana, this is an AI assistant calling on behalf of Acme. This call is recorded. Do you have a minute?",
    );
    const unrecorded = createRulesBrain(londonContext({ recording: false }), tools).greeting();
    assert.doesNotMatch(unrecorded, /recorded/);
  });

  test("interested → booking; a refused slot offers the calendar's alternatives", async () => {
    const alternatives = [new Date("2026-10-27T16:00:00Z"), new Date("2026-10-28T10:00:00Z")];
    const rec = createRecordingTools({ refuse: ["2026-10-27T15:00:00.000Z"], alternatives });
    const brain = createRulesBrain(londonContext(), rec.tools);
    const { replies, transcript } = await converse(brain, [
      "Hello?",
      "Yes I'm interested",
      "OK book me Tuesday at 3 pm",
      "yes please",
      "the second one please",
      "yes",
      "no that's all thanks",
    ]);
    assert.match(replies[0]![0]!, /AI assistant calling on behalf of Acme/);
    assert.match(replies[1]!.join(" "), /meeting.*What day and time/);
    // The time is read back on the contact's clock, and booked only once they agree.
    assert.deepEqual(replies[2], ["Just to confirm, shall I book Tuesday, October 27 at 3:00 PM, your time?"]);
    assert.equal(replies[3]![0], "Let me check the calendar."); // said at once, before the calendar answers
    assert.equal(
      replies[3]![1],
      "I'm sorry, Tuesday, October 27 at 3:00 PM is already taken. I could do Tuesday, October 27 " +
        "at 4:00 PM or Wednesday, October 28 at 10:00 AM. Which works better for you?",
    );
    assert.deepEqual(replies[4], ["Just to confirm, shall I book Wednesday, October 28 at 10:00 AM, your time?"]);
    assert.deepEqual(replies[5], [
      "Let me check the calendar.",
      "You're booked for Wednesday, October 28 at 10:00 AM.",
      "Is there anything else I can help you with?",
    ]);
    assert.match(replies[6]!.join(" "), /Goodbye/);
    assert.deepEqual(
      rec.calls.filter((c) => c.tool === "bookMeeting").map((c) => c.arg),
      ["2026-10-27T15:00:00.000Z", "2026-10-28T10:00:00.000Z"],
    );
    assert.equal(rec.names().at(-1), "endCall");
    const summary = await brain.finish(transcript);
    assert.equal(summary.outcome, "scheduled");
    assert.equal(summary.sentiment, "positive");
    assert.equal(summary.extracted.meeting_time, "2026-10-28T10:00:00+00:00");
    assert.match(summary.summary, /Ana Lima agreed to a meeting, booked for Wednesday, October 28 at 10:00 AM\./);
  });

  test("pocketsphinx-style booking in one breath", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(londonContext(), rec.tools);
    const { replies } = await converse(brain, ["yes i would like to but the meeting on tuesday at three pm", "yes"]);
    assert.deepEqual(replies[0], ["Just to confirm, shall I book Tuesday, October 27 at 3:00 PM, your time?"]);
    assert.equal(replies[1]![1], "You're booked for Tuesday, October 27 at 3:00 PM.");
    assert.deepEqual(rec.calls[0], { tool: "bookMeeting", arg: "2026-10-27T15:00:00.000Z" });
  });

  test("not interested → polite goodbye and hang up", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(londonContext(), rec.tools);
    const { replies, transcript } = await converse(brain, ["No thanks, I am not interested."]);
    assert.deepEqual(replies[0], [
      "I understand, thanks for letting me know.",
      "Thank you for your time, Ana. Have a great day. Goodbye.",
    ]);
    assert.deepEqual(rec.names(), ["endCall"]);
    const summary = await brain.finish(transcript);
    assert.deepEqual([summary.outcome, summary.sentiment], ["not_interested", "negative"]);
    assert.equal(summary.summary, "Ana Lima said they were not interested.");
  });

  test("callback tomorrow morning → scheduled inside business hours, follow_up", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(londonContext(), rec.tools);
    const { replies, transcript } = await converse(brain, ["I am busy right now. Can you call me tomorrow morning?"]);
    assert.deepEqual(rec.calls, [{ tool: "scheduleCallback", arg: "2026-10-24T08:00:00.000Z" }, { tool: "endCall" }]);
    assert.equal(replies[0]![0], "No problem. I'll call you back on Saturday, October 24 at 9:00 AM.");
    const summary = await brain.finish(transcript);
    assert.equal(summary.outcome, "follow_up");
    assert.equal(summary.extracted.callback_time, "2026-10-24T09:00:00+01:00");
  });

  test("call me later without a time: asks when, then schedules", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(londonContext(), rec.tools);
    const { replies } = await converse(brain, ["not now", "monday at half past two"]);
    assert.deepEqual(replies[0], ["Of course. When would be a better time to call you back?"]);
    assert.deepEqual(rec.calls[0], { tool: "scheduleCallback", arg: "2026-10-26T14:30:00.000Z" });
  });

  test("question answered from an FAQ, with variables filled", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(londonContext(), rec.tools);
    const { replies, transcript } = await converse(brain, [
      "What does the premium plan cost?",
      "OK, that is all I wanted to know. Thanks, bye.",
    ]);
    assert.deepEqual(replies[0], [
      "The premium plan is 49 pounds a month for Lima Bakery, Ana.",
      "Is there anything else I can help you with?",
    ]);
    assert.deepEqual(rec.names(), ["endCall"]); // the FAQ answered: no KB lookup
    const summary = await brain.finish(transcript);
    assert.equal(summary.outcome, "follow_up");
    assert.equal(summary.extracted.service, "premium plan");
    assert.match(summary.summary, /asked "What does the premium plan cost", answered/);
  });

  test("question answered from a knowledge-base passage", async () => {
    const rec = createRecordingTools({
      passages: [
        {
          id: "p1",
          heading: "Pricing",
          text: "The premium plan costs **$99** per month. Visit https://acme.test for more. We were founded in 1999.",
        },
      ],
    });
    const ctx = londonContext();
    const brain = createRulesBrain({ ...ctx, campaign: { ...ctx.campaign, faqs: [] } }, rec.tools);
    const { replies } = await converse(brain, ["What does the premium plan cost?"]);
    assert.equal(replies[0]![0], "The premium plan costs $99 per month.");
    assert.deepEqual(rec.calls.slice(0, 2), [
      { tool: "retrieve", arg: "What does the premium plan cost?" },
      { tool: "citeSources", arg: ["p1"] },
    ]);
  });

  test("unknown answer is admitted, not invented", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(londonContext(), rec.tools);
    const { replies } = await converse(brain, ["do you ship to mars?"]);
    assert.match(replies[0]![0]!, /don't have that information.*follow up/);
  });

  test("do not call → marked, apology, hang up", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(londonContext(), rec.tools);
    const { replies, transcript } = await converse(brain, ["Please stop calling me and take me off your list."]);
    assert.deepEqual(rec.names(), ["markDoNotCall", "endCall"]);
    assert.match(replies[0]![0]!, /sorry.*won't be called again/);
    const summary = await brain.finish(transcript);
    assert.deepEqual([summary.outcome, summary.sentiment], ["do_not_call", "negative"]);
  });

  test("unclear twice → asks to repeat, then offers a callback; yes schedules it", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(londonContext(), rec.tools);
    const { replies } = await converse(brain, ["purple elephant", "the quick brown fox", "yes"]);
    assert.match(replies[0]![0]!, /didn't quite catch/);
    assert.match(replies[1]![0]!, /called you back another time/);
    assert.deepEqual(rec.names(), ["scheduleCallback", "endCall"]);
  });

  test("budget and silence/voicemail lines", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(londonContext(), rec.tools);
    const { transcript } = await converse(brain, ["yes", "our budget is about five thousand dollars"]);
    assert.equal((await brain.finish(transcript)).extracted.budget, "$5,000");
    assert.equal(brain.onSilence(1), "Are you still there?");
    assert.match(brain.onSilence(2), /Goodbye/);
    assert.match(brain.voicemailMessage(), /^Hi Ana, this is an AI assistant calling on behalf of Acme/);
  });

  test("an aborted reply stops yielding", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(londonContext(), rec.tools);
    const ac = new AbortController();
    const got: string[] = [];
    for await (const s of brain.reply("Yes I'm interested", [], ac.signal)) {
      got.push(s);
      ac.abort();
    }
    assert.equal(got.length, 1);
  });

  test("a refused time is named with the calendar's reason before the nearest free slots", () => {
    const ctx = londonContext();
    const asked = new Date("2026-10-23T14:00:00Z");
    const alt = [new Date("2026-10-23T15:00:00Z")];
    assert.equal(
      lines.alternatives(ctx, alt, { at: asked, reason: "in_past" }),
      "Friday, October 23 at 3:00 PM has already passed. I could do " +
        "Friday, October 23 at 4:00 PM. Which works better for you?",
    );
    assert.match(
      lines.alternatives(ctx, alt, { at: asked, reason: "outside_hours" }),
      /^I'm sorry, Friday, October 23 at 3:00 PM is outside our meeting hours\./,
    );
    assert.match(
      lines.alternatives(ctx, [], { at: asked, reason: "conflict" }),
      /is already taken\. I couldn't find a free slot nearby\./,
    );
  });

  test("doubtful words never act: the agent asks, and only the callee's yes books, opts out or hangs up", async () => {
    const unsure = (text: string) => ({ text, confidence: 0.3 });
    const rec = createRecordingTools();
    const { replies } = await converse(createRulesBrain(londonContext(), rec.tools), [
      "Yes I'm interested",
      unsure("OK book me Tuesday at 3 pm"),
      "yes",
      unsure("take me off your list"),
      "no",
      unsure("bye"),
      "yes",
    ]);
    assert.deepEqual(replies[1], ["Just to confirm, shall I book Tuesday, October 27 at 3:00 PM, your time?"]);
    assert.match(replies[2]!.join(" "), /You're booked for Tuesday, October 27 at 3:00 PM/);
    assert.deepEqual(replies[3], ["Just to be sure: would you like us to stop calling you?"]);
    assert.deepEqual(replies[4], ["Alright, please go ahead."]);
    assert.deepEqual(replies[5], ["Sorry, I didn't quite catch that. Would you like to end the call?"]);
    assert.match(replies[6]!.join(" "), /Goodbye/);
    assert.deepEqual(
      rec.calls.map((c) => c.tool),
      ["bookMeeting", "endCall"],
      "one booking after the yes, no opt-out",
    );
  });

  test("asked whether to end the call, 'nope, that's all, thank you' ends it", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(londonContext(), rec.tools);
    const { replies } = await converse(brain, [
      "yes i am interested",
      "ok book me tuesday at three pm",
      "yes",
      { text: "no add salt thank you i", confidence: 0.3 },
      "nope that's all thank you i",
    ]);
    assert.deepEqual(replies[3], ["Sorry, I didn't quite catch that. Would you like to end the call?"]);
    assert.deepEqual(replies[4], ["Thank you for your time, Ana. Have a great day. Goodbye."]);
    assert.equal(rec.names().at(-1), "endCall");
  });
});
