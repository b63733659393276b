import assert from "node:assert/strict";
import { test } from "node:test";
import { caldavHistory } from "./integration-labels.ts";

const base = {
  url: "https://caldav.fastmail.com/",
  username: "ana@fastmail.com",
  calendar_url: "https://caldav.fastmail.com/dav/calendars/user/ana/work/",
  calendar_name: "Work",
  status: "connected" as const,
  last_error: null,
  connected_at: "2030-03-01T12:00:00.000Z",
  last_checked_at: "2030-03-01T12:00:00.000Z",
};

test("the history names the account and adds the last check only when it differs from connecting", () => {
  assert.equal(caldavHistory(base, "UTC"), "Signed in as ana@fastmail.com · connected Mar 1, 2030, 12:00 PM");
  assert.equal(
    caldavHistory({ ...base, last_checked_at: "2030-03-02T08:00:00.000Z" }, "America/New_York"),
    "Signed in as ana@fastmail.com · connected Mar 1, 2030, 7:00 AM · last checked Mar 2, 2030, 3:00 AM",
  );
});
