/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { blankForm, formToPayload, issuesToErrors } from "./event-form.ts";

test("a blank form starts at 9:00 AM of another day, or the next hour today, for 30 minutes", () => {
  const f = blankForm(new Date(2030, 2, 13), new Date(2030, 2, 10, 15, 20));
  assert.equal(f.start, "2030-03-13T09:00");
  assert.equal(f.end, "2030-03-13T09:30");
  assert.equal(blankForm(new Date(2030, 2, 10), new Date(2030, 2, 10, 15, 20)).start, "2030-03-10T16:00");
});

test("the form is checked with the server's schema and errors land on their fields", () => {
  const f = { ...blankForm(new Date(2030, 2, 13)), title: " " };
  const bad = formToPayload({ ...f, end: "2030-03-13T08:00" });
  assert.ok(!bad.ok);
  assert.deepEqual(bad.errors, { title: "Title is required.", end: "End time must be after start time." });
  const ok = formToPayload({ ...f, title: "Demo", attendees: "ana@x.example, , Bo " });
  assert.ok(ok.ok);
  assert.deepEqual(ok.body.attendees, ["ana@x.example", "Bo"]);
  assert.equal(ok.body.start_time, new Date(2030, 2, 13, 9).toISOString());
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
