import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { parseSpokenTime, speakDateTime } from "./spoken-time.ts";
import { normaliseNumberWords } from "./number-words.ts";

const hours = { start: "09:00", end: "17:00" };
// Friday 23 October 2026, 10:00 in London (BST, UTC+1); British summer time ends on Sunday 25 October.
const london = { now: new Date("2026-10-23T09:00:00Z"), timezone: "Europe/London", businessHours: hours };
// Same instant in Kolkata (UTC+5:30, no DST): 14:30 local.
const kolkata = { now: new Date("2026-10-23T09:00:00Z"), timezone: "Asia/Kolkata", businessHours: hours };

describe("normaliseNumberWords", () => {
  const cases: Array<[string, string]> = [
    ["three pm", "3 pm"],
    ["half past two", "2:30"],
    ["ten thirty", "10:30"],
    ["quarter to five", "4:45"],
    ["quarter past nine", "9:15"],
    ["eleven o'clock", "11:00"],
    ["about five thousand dollars", "about 5000 dollars"],
    ["a thousand bucks", "1000 bucks"],
    ["twenty five", "25"],
  ];
  for (const [input, out] of cases) test(`"${input}" → "${out}"`, () => assert.equal(normaliseNumberWords(input), out));
});

describe("parseSpokenTime", () => {
  // [utterance, ctx, expected local words, exact clock time, inside business hours]
  const cases: Array<[string, typeof london, string, boolean, boolean]> = [
    [
      "yes i would like to but the meeting on tuesday at three pm",
      london,
      "Tuesday, October 27 at 3:00 PM",
      true,
      true,
    ],
    ["OK, book me Tuesday at 3 pm.", kolkata, "Tuesday, October 27 at 3:00 PM", true, true],
    ["tomorrow morning", london, "Saturday, October 24 at 9:00 AM", false, true],
    ["I am busy right now. Can you call me tomorrow morning?", london, "Saturday, October 24 at 9:00 AM", false, true],
    ["call me in two hours", london, "Friday, October 23 at 12:00 PM", true, true],
    ["next tuesday afternoon", london, "Tuesday, October 27 at 2:00 PM", false, true],
    ["monday at half past two", london, "Monday, October 26 at 2:30 PM", true, true],
    ["monday ten thirty", london, "Monday, October 26 at 10:30 AM", true, true],
    ["at three", london, "Friday, October 23 at 3:00 PM", true, true],
    ["at three", kolkata, "Friday, October 23 at 3:00 PM", true, true],
    ["monday at eight pm", london, "Monday, October 26 at 8:00 PM", true, false],
    ["november third at ten", london, "Tuesday, November 3 at 10:00 AM", true, true],
    ["at nine am", kolkata, "Saturday, October 24 at 9:00 AM", true, true],
  ];
  for (const [utterance, ctx, words, exact, inHours] of cases) {
    test(`"${utterance}" in ${ctx.timezone} → ${words}`, () => {
      const r = parseSpokenTime(utterance, ctx);
      assert.ok(r, "a time was read");
      assert.equal(speakDateTime(r.at, ctx.timezone), words);
      assert.equal(r.exactTime, exact);
      assert.equal(r.inBusinessHours, inHours);
    });
  }

  test("a wall-clock time after the DST change keeps its hour (3 pm GMT = 15:00 UTC)", () => {
    const r = parseSpokenTime("tuesday at 3 pm", london);
    assert.equal(r?.at.toISOString(), "2026-10-27T15:00:00.000Z");
    const before = parseSpokenTime("saturday at 3 pm", london); // still BST
    assert.equal(before?.at.toISOString(), "2026-10-24T14:00:00.000Z");
  });

  test("morning follows business hours that start late", () => {
    const r = parseSpokenTime("tomorrow morning", { ...london, businessHours: { start: "10:30", end: "18:00" } });
    assert.equal(r && speakDateTime(r.at, "Europe/London"), "Saturday, October 24 at 10:30 AM");
  });

  test("no time named → null", () => {
    for (const t of ["hello", "yes i am interested", "", "not right now"])
      assert.equal(parseSpokenTime(t, london), null);
  });
});

describe("a day said on that very day", () => {
  // Tuesday 24 November 2026, 15:27 in UTC: "Tuesday at three pm" has passed this week.
  const tuesdayAfternoon = { now: new Date("2026-11-24T15:27:00Z"), timezone: "UTC", businessHours: hours };
  const at = (said: string) => speakDateTime(parseSpokenTime(said, tuesdayAfternoon)!.at, "UTC");

  test("a weekday after its hour is next week's, never tomorrow", () => {
    assert.equal(at("ok book me tuesday at three pm"), "Tuesday, December 1 at 3:00 PM");
    assert.equal(at("tuesday at four pm"), "Tuesday, November 24 at 4:00 PM");
  });

  test("today at an hour that has passed stays today, so the calendar can say it has passed", () => {
    assert.equal(at("today at three pm"), "Tuesday, November 24 at 3:00 PM");
    assert.ok(parseSpokenTime("today at three pm", tuesdayAfternoon)!.at < tuesdayAfternoon.now);
  });

  test("a bare time that has passed is tomorrow's", () => {
    assert.equal(at("at three pm"), "Wednesday, November 25 at 3:00 PM");
  });
});
