import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createRulesBrain } from "./rules-brain.ts";
import { converse, createRecordingTools, londonContext } from "../../../../tests/support/voice/fake-agent-tools.ts";

// Issue 24: the agent never books a day or time the callee did not ask for or accept. The campaign is in
// London and "now" is Tuesday 24 November 2026, 15:27 (GMT): Tuesday 3 pm has just passed.
const tuesdayAfternoon = () => londonContext({ now: () => new Date("2026-11-24T15:27:00Z") });
const booked = (rec: ReturnType<typeof createRecordingTools>) =>
  rec.calls.filter((c) => c.tool === "bookMeeting").map((c) => c.arg);

describe("booking dialogues", () => {
  test('"Tuesday at three" said on a Tuesday afternoon books next Tuesday, never Wednesday', async () => {
    const rec = createRecordingTools();
    const { replies } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "ok book me tuesday at three pm",
      "yes",
    ]);
    assert.deepEqual(replies[1], ["Just to confirm, shall I book Tuesday, December 1 at 3:00 PM, your time?"]);
    assert.deepEqual(replies[2]!.slice(0, 2), [
      "Let me check the calendar.",
      "You're booked for Tuesday, December 1 at 3:00 PM.",
    ]);
    assert.deepEqual(booked(rec), ["2026-12-01T15:00:00.000Z"]);
  });

  test("a busy slot is named, the nearest free ones offered, and only the one accepted is booked", async () => {
    const alternatives = [new Date("2026-12-01T16:00:00Z"), new Date("2026-12-02T10:00:00Z")];
    const rec = createRecordingTools({ refuse: ["2026-12-01T15:00:00.000Z"], alternatives });
    const { replies } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "ok book me tuesday at three pm",
      "yes",
      "the second one works",
      "yes",
    ]);
    assert.equal(
      replies[2]![1],
      "I'm sorry, Tuesday, December 1 at 3:00 PM is already taken. I could do Tuesday, December 1 " +
        "at 4:00 PM or Wednesday, December 2 at 10:00 AM. Which works better for you?",
    );
    assert.deepEqual(replies[3], ["Just to confirm, shall I book Wednesday, December 2 at 10:00 AM, your time?"]);
    assert.equal(replies[4]![1], "You're booked for Wednesday, December 2 at 10:00 AM.");
    assert.deepEqual(
      booked(rec),
      ["2026-12-01T15:00:00.000Z", "2026-12-02T10:00:00.000Z"],
      "the refused try, then the accepted slot",
    );
  });

  test("of the calendar's free slots, the two nearest the busy one are offered, before or after it", async () => {
    const alternatives = [
      new Date("2026-12-01T14:00:00Z"),
      new Date("2026-12-01T14:30:00Z"),
      new Date("2026-12-01T15:30:00Z"),
    ];
    const rec = createRecordingTools({ refuse: ["2026-12-01T15:00:00.000Z"], alternatives });
    const { replies } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "ok book me tuesday at three pm",
      "yes",
      "the second one works",
      "yes",
    ]);
    assert.equal(
      replies[2]![1],
      "I'm sorry, Tuesday, December 1 at 3:00 PM is already taken. I could do Tuesday, December " +
        "1 at 2:30 PM or Tuesday, December 1 at 3:30 PM. Which works better for you?",
    );
    assert.deepEqual(booked(rec).at(-1), "2026-12-01T15:30:00.000Z", "the second one offered");
  });

  test("an offered slot picked by its hour alone is booked on the day offered, never today at that hour", async () => {
    const alternatives = [new Date("2026-12-01T14:30:00Z"), new Date("2026-12-01T15:30:00Z")];
    const rec = createRecordingTools({ refuse: ["2026-12-01T15:00:00.000Z"], alternatives });
    const { replies } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "ok book me tuesday at three pm",
      "yes",
      "three thirty works for me",
      "yes",
    ]);
    assert.equal(replies[4]![1], "You're booked for Tuesday, December 1 at 3:30 PM.");
    assert.deepEqual(booked(rec), ["2026-12-01T15:00:00.000Z", "2026-12-01T15:30:00.000Z"]);
  });

  test("an offered slot picked by its day alone is the one offered that day, at its hour", async () => {
    const rec = createRecordingTools({
      refuse: ["2026-12-01T15:00:00.000Z"],
      alternatives: [new Date("2026-12-01T16:00:00Z"), new Date("2026-12-02T10:00:00Z")],
    });
    const { replies } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "ok book me tuesday at three pm",
      "yes",
      "wednesday works for me",
      "yes",
    ]);
    assert.equal(replies[4]![1], "You're booked for Wednesday, December 2 at 10:00 AM.");
  });

  test("an hour that matches no offered slot is proposed on the offered day for a yes, not booked", async () => {
    const alternatives = [new Date("2026-12-01T14:30:00Z"), new Date("2026-12-01T15:30:00Z")];
    const rec = createRecordingTools({ refuse: ["2026-12-01T15:00:00.000Z"], alternatives });
    const { replies } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "ok book me tuesday at three pm",
      "yes",
      "how about five pm",
    ]);
    assert.deepEqual(replies[3], ["Shall I book Tuesday, December 1 at 5:00 PM?"]);
    assert.deepEqual(booked(rec), ["2026-12-01T15:00:00.000Z"], "nothing booked without a yes");
  });

  test("an hour without a day is proposed for the next such hour and booked only on yes", async () => {
    const rec = createRecordingTools();
    const { replies } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "can we do three pm",
      "yes please",
    ]);
    assert.deepEqual(replies[1], ["Shall I book Wednesday, November 25 at 3:00 PM?"]);
    assert.deepEqual(booked(rec), ["2026-11-25T15:00:00.000Z"]);
    assert.equal(replies[2]![1], "You're booked for Wednesday, November 25 at 3:00 PM.");
  });

  test("a day without an hour is proposed with an hour; a no books nothing and asks again", async () => {
    const rec = createRecordingTools();
    const { replies } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "thursday maybe",
      "no",
    ]);
    assert.deepEqual(replies[1], ["Shall I book Thursday, November 26 at 9:00 AM?"]);
    assert.deepEqual(replies[2], ["What day and time would work best for you?"]);
    assert.deepEqual(booked(rec), []);
  });

  test("a proposed slot answered with another time books the time said", async () => {
    const rec = createRecordingTools();
    await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "thursday maybe",
      "make it thursday at eleven am",
      "yes",
    ]);
    assert.deepEqual(booked(rec), ["2026-11-26T11:00:00.000Z"]);
  });

  test("a date named outright that has passed is named as passed, not moved; the offer is booked on yes", async () => {
    const rec = createRecordingTools({
      refuse: ["2026-11-24T15:00:00.000Z"],
      reason: "in_past",
      alternatives: [new Date("2026-11-25T09:00:00Z")],
    });
    const { replies } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "book me today at three pm",
      "yes",
      "yes",
    ]);
    assert.equal(
      replies[2]![1],
      "Tuesday, November 24 at 3:00 PM has already passed. I could do " +
        "Wednesday, November 25 at 9:00 AM. Which works better for you?",
    );
    assert.deepEqual(
      booked(rec),
      ["2026-11-24T15:00:00.000Z", "2026-11-25T09:00:00.000Z"],
      "the refused try, then the slot accepted",
    );
  });
  test("a question asked while a time is being settled is answered; then the agent returns to it", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(tuesdayAfternoon(), rec.tools);
    const { replies, transcript } = await converse(brain, [
      "yes i am interested",
      "what does the premium plan cost",
      "ok book me thursday at eleven am",
      "yes",
    ]);
    assert.deepEqual(replies[1], [
      "The premium plan is 49 pounds a month for Lima Bakery, Ana.",
      "So, what day and time would suit you for the meeting?",
    ]);
    assert.deepEqual(booked(rec), ["2026-11-26T11:00:00.000Z"]);
    assert.equal(
      (await brain.finish(transcript)).outcome,
      "scheduled",
      "the booking is the outcome, the question a detail",
    );
  });

  test("a question after alternatives were offered comes back to them; the one then accepted is booked", async () => {
    const rec = createRecordingTools({
      refuse: ["2026-12-01T15:00:00.000Z"],
      alternatives: [new Date("2026-12-01T16:00:00Z"), new Date("2026-12-02T10:00:00Z")],
    });
    const { replies } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "ok book me tuesday at three pm",
      "yes",
      "what does the premium plan cost",
      "the first one works",
      "yes",
    ]);
    assert.equal(replies[3]![1], "So, would one of those times work for you?");
    assert.equal(replies[5]![1], "You're booked for Tuesday, December 1 at 4:00 PM.");
  });

  test("an exact time is read back on the contact's clock and booked only on a yes", async () => {
    const rec = createRecordingTools();
    const brain = createRulesBrain(tuesdayAfternoon(), rec.tools);
    const { replies, expected } = await converse(brain, ["yes i am interested", "thursday at eleven am"]);
    assert.deepEqual(replies[1], ["Just to confirm, shall I book Thursday, November 26 at 11:00 AM, your time?"]);
    assert.equal(expected[2]!.kind, "yes-no", "the read-back listens for a yes or a no");
    assert.deepEqual(booked(rec), [], "nothing booked before the yes");
  });

  test("a no to the read-back books nothing and asks for another time", async () => {
    const rec = createRecordingTools();
    const { replies } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "thursday at eleven am",
      "no",
    ]);
    assert.deepEqual(replies[2], ["What day and time would work best for you?"]);
    assert.deepEqual(booked(rec), []);
  });

  test("a correction to the read-back is read back in its turn; only the corrected time is booked", async () => {
    const rec = createRecordingTools();
    const { replies } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "thursday at eleven am",
      "no friday at two pm",
      "yes",
    ]);
    assert.deepEqual(replies[2], ["Just to confirm, shall I book Friday, November 27 at 2:00 PM, your time?"]);
    assert.deepEqual(booked(rec), ["2026-11-27T14:00:00.000Z"]);
  });

  test("an unclear answer to the read-back asks again once, then offers to call back; nothing is booked", async () => {
    const rec = createRecordingTools();
    const { replies, expected } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "thursday at eleven am",
      "the blue one",
      "the blue one",
    ]);
    assert.deepEqual(replies[2], ["Sorry, shall I book Thursday, November 26 at 11:00 AM, your time: yes or no?"]);
    assert.equal(expected[3]!.kind, "yes-no");
    assert.match(replies[3]!.join(" "), /called you back another time/);
    assert.deepEqual(booked(rec), []);
  });

  test("a question before the yes is answered, then the time read back again", async () => {
    const rec = createRecordingTools();
    const { replies } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "thursday at eleven am",
      "what does the premium plan cost",
      "yes",
    ]);
    assert.deepEqual(replies[2], [
      "The premium plan is 49 pounds a month for Lima Bakery, Ana.",
      "Just to confirm, shall I book Thursday, November 26 at 11:00 AM, your time?",
    ]);
    assert.deepEqual(booked(rec), ["2026-11-26T11:00:00.000Z"]);
  });

  test("a yes to the one slot offered books it: the offer said it back", async () => {
    const rec = createRecordingTools({
      refuse: ["2026-11-26T11:00:00.000Z"],
      alternatives: [new Date("2026-11-26T12:00:00Z")],
    });
    const { replies } = await converse(createRulesBrain(tuesdayAfternoon(), rec.tools), [
      "yes i am interested",
      "thursday at eleven am",
      "yes",
      "yes",
    ]);
    assert.match(replies[2]!.join(" "), /I could do Thursday, November 26 at 12:00 PM\./);
    assert.equal(replies[3]![1], "You're booked for Thursday, November 26 at 12:00 PM.");
  });
});
