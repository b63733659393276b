import assert from "node:assert/strict";
import test from "node:test";
import { BOOKED_AT, BOOKED_CALL, call, GREETING, type Said } from "../../../../../../tests/support/scorecard-calls.ts";
import { createRulesBrain } from "@parley/voice/brain/rules-brain";
import {
  converse,
  createRecordingTools,
  londonContext,
} from "../../../../../../tests/support/voice/fake-agent-tools.ts";
import { spokenOrder } from "../score-input.ts";
import { bookingReadBack } from "./booking-read-back.ts";

const booking = (madeAtMs: number | null) => ({ startAt: BOOKED_AT, timezone: "America/New_York", madeAtMs });

test("the slot read back and agreed before the booking passes, pointing at the read-back", () => {
  const c = bookingReadBack(call(BOOKED_CALL, { outcome: "scheduled", booking: booking(33_900) }));
  assert.equal(c.result, "pass");
  assert.deepEqual(c.line, { index: 6, at_ms: 27000 });
});

test("without the calendar's time, the agent's 'you're booked' line marks the booking", () => {
  assert.equal(bookingReadBack(call(BOOKED_CALL, { booking: booking(null) })).result, "pass");
});

const STRAIGHT: Said[] = [
  ["agent", GREETING, 0.5, 6],
  ["callee", "yes i'd like a demo on tuesday at three pm", 7, 9.5],
  ["agent", "Let me check the calendar.", 10.6, 12],
  ["agent", "You're booked for Tuesday, December 1 at 3:00 PM. Is there anything else I can help you with?", 13, 18],
  ["callee", "no thanks", 19, 19.8],
];

test("a time booked straight from the lead's words fails, at the booking", () => {
  const c = bookingReadBack(call(STRAIGHT, { outcome: "scheduled", booking: booking(11_500) }));
  assert.equal(c.result, "fail");
  assert.equal(c.line?.index, 3);
});

test("a read-back the lead never agreed to fails", () => {
  const said: Said[] = [
    ["agent", GREETING, 0.5, 6],
    ["callee", "maybe tuesday", 7, 8],
    ["agent", "Shall I book Tuesday, December 1 at 3:00 PM?", 9, 12],
    ["callee", "hmm", 12.5, 12.8],
    ["agent", "You're booked for Tuesday, December 1 at 3:00 PM.", 14, 17],
  ];
  assert.equal(bookingReadBack(call(said, { booking: booking(13_500) })).result, "fail");
});

test("a read-back of another hour is not a read-back of this slot", () => {
  const said: Said[] = [
    ["agent", GREETING, 0.5, 6],
    ["callee", "tuesday afternoon", 7, 8],
    ["agent", "Shall I book Tuesday, December 1 at 2:00 PM?", 9, 12],
    ["callee", "yes", 12.5, 12.8],
    ["agent", "You're booked for Tuesday, December 1 at 3:00 PM.", 14, 17],
  ];
  assert.equal(bookingReadBack(call(said, { booking: booking(13_500) })).result, "fail");
});

test("no meeting booked: not applicable", () => {
  assert.equal(bookingReadBack(call(STRAIGHT)).result, "na");
});

test("the offline agent's own booking passes: the time read back on the contact's clock, booked on yes", async () => {
  const rec = createRecordingTools();
  const { transcript } = await converse(createRulesBrain(londonContext(), rec.tools), [
    "yes i am interested",
    "ok book me tuesday at three pm",
    "yes",
    "no that's all thanks",
  ]);
  assert.deepEqual(
    rec.calls.filter((c) => c.tool === "bookMeeting").map((c) => c.arg),
    ["2026-10-27T15:00:00.000Z"],
  );
  const lines = spokenOrder(transcript);
  const made = lines.find((l) => l.speaker === "agent" && /You're booked/.test(l.text))!;
  const startAt = new Date("2026-10-27T15:00:00Z");
  const scheduled = call([], {
    outcome: "scheduled",
    booking: { startAt, timezone: "Europe/London", madeAtMs: made.startMs },
  });
  const c = bookingReadBack({ ...scheduled, lines });
  assert.equal(c.result, "pass", c.note);
  assert.match(
    lines[c.line!.index]!.text,
    /^Just to confirm, shall I book Tuesday, October 27 at 3:00 PM, your time\?/,
  );
});
