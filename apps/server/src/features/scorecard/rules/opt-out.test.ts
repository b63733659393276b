import assert from "node:assert/strict";
import test from "node:test";
import { BOOKED_CALL, call, GREETING } from "../../../../../../tests/support/scorecard-calls.ts";
import { isOptOut, optOutHonoured } from "./opt-out.ts";

test("opt-out phrases as callers say them, and what is only a no", () => {
  for (const said of [
    "please stop calling me",
    "don't call me again",
    "take me off your list",
    "remove my number from your list",
    "put me on your do not call list",
    "never call this number again",
  ])
    assert.ok(isOptOut(said), said);
  for (const said of ["not interested thanks", "can you call me back tomorrow", "don't worry about it"])
    assert.ok(!isOptOut(said), said);
});

test("listed and a goodbye at once passes, decided by the lead's words", () => {
  const s = call(
    [
      ["agent", GREETING, 0.5, 6],
      ["callee", "take me off your list please", 7, 8.6],
      [
        "agent",
        "I'm sorry for the trouble. I've removed your number from our list, and you won't be called again. Goodbye.",
        9.6,
        16,
      ],
    ],
    { outcome: "do_not_call" },
  );
  const c = optOutHonoured(s);
  assert.equal(c.result, "pass");
  assert.deepEqual(c.line, { index: 1, at_ms: 7000 });
});

test("a confirmation question on doubtful words is still at once", () => {
  const s = call(
    [
      ["agent", GREETING, 0.5, 6],
      ["callee", "stop calling", 7, 7.8],
      ["agent", "Just to be sure: would you like us to stop calling you?", 8.8, 11.5],
      ["callee", "yes", 12.3, 12.6],
      ["agent", "I'm sorry for the trouble. I've removed your number from our list. Goodbye.", 13.5, 18],
    ],
    { outcome: "do_not_call" },
  );
  assert.equal(optOutHonoured(s).result, "pass");
});

test("the agent pitching on after the opt-out fails at the extra line", () => {
  const s = call(
    [
      ["agent", GREETING, 0.5, 6],
      ["callee", "don't call me again", 7, 8],
      ["agent", "I understand. Before you go, our premium plan is half price this month.", 9, 14],
      ["callee", "i said stop", 14.5, 15.2],
      ["agent", "Would you like a short demo?", 16, 18],
      ["callee", "no", 18.5, 18.8],
      ["agent", "I've removed your number from our list. Goodbye.", 19.5, 22],
    ],
    { outcome: "do_not_call" },
  );
  const c = optOutHonoured(s);
  assert.equal(c.result, "fail");
  assert.equal(c.line?.index, 6);
});

test("an opt-out the agent did not hear as one (number never listed) fails", () => {
  const s = call(
    [
      ["agent", GREETING, 0.5, 6],
      ["callee", "remove my number", 7, 8],
      ["agent", "Sorry, I didn't quite catch that. Could you say it again?", 9, 12],
    ],
    { outcome: "not_interested" },
  );
  assert.equal(optOutHonoured(s).result, "fail");
});

test("no opt-out: not applicable; an opt-out by key press passes without a line", () => {
  assert.equal(optOutHonoured(call(BOOKED_CALL)).result, "na");
  const keyed = optOutHonoured(call([["agent", GREETING, 0.5, 6]], { outcome: "do_not_call" }));
  assert.deepEqual([keyed.result, keyed.line], ["pass", null]);
});
