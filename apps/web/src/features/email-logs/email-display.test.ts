/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { countLine, emailDate, matchesThread } from "./email-display.ts";

const thread = {
  thread_id: "t",
  email: "maya.chen@lakeside-homes.example",
  subject: "Viewing times for Elm Street",
  date: "2026-03-03T10:15:00Z",
  hasReplies: true,
};

test("the count line reads 'N Conversations' or 'x of N' while searching", () => {
  assert.equal(countLine(3, 3, false), "3 Conversations");
  assert.equal(countLine(1, 1, false), "1 Conversation");
  assert.equal(countLine(1, 3, true), "1 of 3");
});

test("search matches address and subject, ignoring case", () => {
  assert.ok(matchesThread(thread, "LAKESIDE"));
  assert.ok(matchesThread(thread, "elm street"));
  assert.ok(!matchesThread(thread, "pricing"));
  assert.ok(matchesThread(thread, ""));
});

test("dates show day, month, year and a 12-hour time; a broken date shows nothing", () => {
  assert.equal(emailDate("2026-03-03T15:05:00Z", "Europe/London"), "Mar 3, 2026, 3:05 PM");
  assert.equal(emailDate("2026-03-03T15:05:00Z", "Asia/Tokyo"), "Mar 4, 2026, 12:05 AM");
  assert.equal(emailDate("nonsense", "UTC"), "");
});
