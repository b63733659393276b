/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import type { CalendarEvent } from "@parley/shared/calendar";
import { blankForm, formFromEvent, formToPayload, issuesToErrors } from "./event-form.ts";

// 15:20 in Berlin; 01:20 the next morning in Sydney; 19:50 in Kolkata.
const now = new Date("2030-03-10T14:20:00Z");

test("a blank form starts at 9:00 AM of another day, or the next hour today, for 30 minutes", () => {
  const f = blankForm(new Date(2030, 2, 13), "Europe/Berlin", now);
  assert.equal(f.start, "2030-03-13T09:00");
  assert.equal(f.end, "2030-03-13T09:30");
  assert.equal(blankForm(new Date(2030, 2, 10), "Europe/Berlin", now).start, "2030-03-10T16:00");
  // "Today" is the viewer's: March 11 already in Sydney, so March 10 is another day there.
  assert.equal(blankForm(new Date(2030, 2, 11), "Australia/Sydney", now).start, "2030-03-11T02:00");
  assert.equal(blankForm(new Date(2030, 2, 10), "Australia/Sydney", now).start, "2030-03-10T09:00");
  assert.equal(blankForm(new Date(2030, 2, 10), "Asia/Kolkata", now).start, "2030-03-10T20:00", "a :30 zone");
});

test("the form's times are the viewer's wall clock, sent as the instants they are there", () => {
  const f = { ...blankForm(new Date(2030, 2, 13), "Australia/Sydney", now), title: " " };
  const bad = formToPayload({ ...f, end: "2030-03-13T08:00" }, "Australia/Sydney");
  assert.ok(!bad.ok);
  assert.deepEqual(bad.errors, { title: "Title is required.", end: "End time must be after start time." });
  const ok = formToPayload({ ...f, title: "Demo", attendees: "ana@x.example, , Bo " }, "Australia/Sydney");
  assert.ok(ok.ok);
  assert.deepEqual(ok.body.attendees, ["ana@x.example", "Bo"]);
  assert.equal(ok.body.start_time, "2030-03-12T22:00:00.000Z", "9:00 in Sydney (UTC+11)");
  assert.equal(ok.body.timezone, "Australia/Sydney");
  const event = { ...ok.body, start_time: "2030-03-12T22:00:00.000Z", end_time: "2030-03-12T22:30:00.000Z" };
  const back = formFromEvent(event as unknown as CalendarEvent, "Europe/Berlin");
  assert.deepEqual([back.start, back.end], ["2030-03-12T23:00", "2030-03-12T23:30"]);
});

test("server issues map start_time/end_time onto the form's start/end", () => {
  assert.deepEqual(
    issuesToErrors([
      { path: "end_time", message: "E" },
      { path: "title", message: "T" },
    ]),
    { end: "E", title: "T" },
  );
});
