import assert from "node:assert/strict";
import test from "node:test";
import { BOOKED_CALL, call, GREETING, type Said } from "../../../../../../tests/support/scorecard-calls.ts";
import { goalAsked } from "./goal-asked.ts";

test("the agent asking for the demo the campaign is for passes, at that line", () => {
  const c = goalAsked(call(BOOKED_CALL));
  assert.equal(c.result, "pass");
  assert.equal(c.line?.index, 2);
});

test("a campaign without a goal is asked by proposing a meeting", () => {
  const said: Said[] = [
    ["agent", GREETING, 0.5, 6],
    ["callee", "yes", 7, 7.4],
    [
      "agent",
      "Great, thank you. I'd love to set up a short meeting with the team. What day and time would suit you?",
      8.5,
      14,
    ],
    ["callee", "not now", 15, 15.8],
  ];
  assert.equal(goalAsked(call(said, { goal: "" })).result, "pass");
});

test("a chat that never asks for the goal fails, at the agent's last line", () => {
  const said: Said[] = [
    ["agent", GREETING, 0.5, 6],
    ["callee", "yes what is it about", 7, 8.5],
    ["agent", "We help dental practices with their bookings.", 9.5, 12],
    ["callee", "ok thanks bye", 13, 14],
    ["agent", "Thank you for your time. Goodbye.", 15, 17],
  ];
  const c = goalAsked(call(said));
  assert.equal(c.result, "fail");
  assert.equal(c.line?.index, 4);
});

test("an opt-out before the ask, or a lead gone after the greeting: not applicable", () => {
  const optOut: Said[] = [
    ["agent", GREETING, 0.5, 6],
    ["callee", "stop calling me", 7, 8],
    ["agent", "I've removed your number from our list. Goodbye.", 9, 12],
  ];
  assert.equal(goalAsked(call(optOut, { outcome: "do_not_call" })).result, "na");
  assert.equal(
    goalAsked(
      call([
        ["agent", GREETING, 0.5, 6],
        ["callee", "no", 7, 7.3],
      ]),
    ).result,
    "na",
  );
});
