import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { HeardAnswer } from "../expectation/expectation.ts";
import { converse, createRecordingTools, londonContext } from "../../../../tests/support/voice/fake-agent-tools.ts";
import { createRulesBrain } from "./rules-brain.ts";

const taken = (kind: "yes-no" | "time" | "choice", value: string): HeardAnswer =>
  ({ answer: { kind, value }, askAgain: false }) as HeardAnswer;
const unsure: HeardAnswer = { answer: null, askAgain: true };

describe("what the rules agent listens for", () => {
  test("each question says what it expects: yes-no, a time, one of the offered slots, yes-no again", async () => {
    const alternatives = [new Date("2026-10-27T16:00:00Z"), new Date("2026-10-28T10:30:00Z")];
    const rec = createRecordingTools({ refuse: ["2026-10-27T15:00:00.000Z"], alternatives });
    const ctx = londonContext();
    const { expected } = await converse(createRulesBrain(ctx, rec.tools), [
      "Yes",
      "Tuesday at 3 pm",
      "yes",
      "What does the premium plan cost?",
      "the second one",
    ]);
    // The time said is read back (yes-no), the slots offered (choice), the question answered and the slots asked
    // about again (yes-no), the slot picked read back (yes-no).
    assert.deepEqual(
      expected.map((e) => e.kind),
      ["yes-no", "time", "yes-no", "choice", "yes-no", "yes-no"],
    );
    const time = expected[1]!;
    assert.ok(time.kind === "time" && time.timezone === "Europe/London" && time.now?.getTime() === ctx.now().getTime());
    // Slots on two days are named with their day, in words the recogniser spells.
    assert.deepEqual(expected[3], { kind: "choice", options: ["tuesday at four pm", "wednesday at ten thirty am"] });
  });

  test("an inbound greeting asks no yes/no question: open speech; a confirmation expects a yes or a no", async () => {
    const { tools } = createRecordingTools();
    const inbound = await converse(createRulesBrain(londonContext({ inbound: true }), tools), []);
    assert.equal(inbound.expected[0]!.kind, "open");
    const { replies, expected } = await converse(createRulesBrain(londonContext(), tools), [
      "yes",
      "how about tuesday",
    ]);
    assert.match(replies[1]![0]!, /^Shall I book Tuesday/);
    assert.equal(expected[2]!.kind, "yes-no");
  });

  test("a taken no to 'Do you have a minute?' ends the call politely, whatever the words were", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(londonContext(), rec.tools);
    const { replies, transcript } = await converse(brain, [
      { text: "now", confidence: 0.2, heard: taken("yes-no", "no") },
    ]);
    assert.deepEqual(replies[0], [
      "I understand, thanks for letting me know.",
      "Thank you for your time, Ana. Have a great day. Goodbye.",
    ]);
    assert.deepEqual(rec.names(), ["endCall"]);
    assert.equal((await brain.finish(transcript)).outcome, "not_interested");
  });

  test("a taken yes, time and slot are acted on even when the words were doubtful", async () => {
    const alternatives = [new Date("2026-10-27T16:00:00Z"), new Date("2026-10-28T10:00:00Z")];
    const rec = createRecordingTools({ refuse: ["2026-10-27T15:00:00.000Z"], alternatives });
    const brain = createRulesBrain(londonContext(), rec.tools);
    const { replies } = await converse(brain, [
      { text: "yes", confidence: 0.3, heard: taken("yes-no", "yes") },
      { text: "choose they at three", confidence: 0.3, heard: taken("time", "2026-10-27T15:00:00+00:00") },
      { text: "yet", confidence: 0.3, heard: taken("yes-no", "yes") },
      { text: "when's day", confidence: 0.3, heard: taken("choice", "wednesday at ten am") },
      { text: "yet", confidence: 0.3, heard: taken("yes-no", "yes") },
    ]);
    assert.match(replies[0]!.join(" "), /What day and time would suit you\?/);
    assert.match(replies[1]!.join(" "), /Just to confirm, shall I book Tuesday, October 27 at 3:00 PM, your time\?/);
    assert.match(replies[2]!.join(" "), /I could do/);
    assert.match(replies[3]!.join(" "), /Just to confirm, shall I book Wednesday, October 28 at 10:00 AM, your time\?/);
    assert.equal(replies[4]![1], "You're booked for Wednesday, October 28 at 10:00 AM.");
    assert.deepEqual(
      rec.calls.filter((c) => c.tool === "bookMeeting").map((c) => c.arg),
      ["2026-10-27T15:00:00.000Z", "2026-10-28T10:00:00.000Z"],
    );
  });

  test("an unsure answer is asked again, with keys, at most twice; then the words as heard", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(londonContext(), rec.tools);
    const mumble = { text: "no", confidence: 0.3, heard: unsure };
    const { replies, expected } = await converse(brain, [mumble, mumble, mumble]);
    const again = "Sorry, was that a yes or a no? You can also press 1 for yes, or 2 for no.";
    assert.deepEqual(replies.slice(0, 2), [[again], [again]]);
    assert.deepEqual(
      expected.map((e) => e.kind),
      ["yes-no", "yes-no", "yes-no", "yes-no"],
    );
    // The third time the doubtful words are handled as before: the end of the call is confirmed first.
    assert.deepEqual(replies[2], ["Sorry, I didn't quite catch that. Would you like to end the call?"]);
    assert.deepEqual(rec.names(), []);
  });

  test("words asking for something else outrank an answer heard in them: a callback is taken", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(londonContext(), rec.tools);
    const busy = "I am busy right now. Can you call me tomorrow morning?";
    const { replies } = await converse(brain, [{ text: busy, confidence: 0.3, heard: unsure }]);
    const heardNo = await converse(createRulesBrain(londonContext(), rec.tools), [
      { text: busy, confidence: 0.9, heard: taken("yes-no", "no") },
    ]);
    // Unsure words confirm the callback first; sure ones take it; neither is asked for a yes or a no.
    assert.match(replies[0]![0]!, /you'd like a call back on Saturday/);
    assert.match(heardNo.replies[0]![0]!, /I'll call you back on Saturday/);
  });

  test("a time asked again says so, and keeps listening for a time", async () => {
    const { tools } = createRecordingTools();
    const { replies, expected } = await converse(createRulesBrain(londonContext(), tools), [
      "yes",
      { text: "to stay at", confidence: 0.3, heard: unsure },
    ]);
    assert.deepEqual(replies[1], ["Sorry, which day and time was that?"]);
    assert.equal(expected[2]!.kind, "time");
  });
});
