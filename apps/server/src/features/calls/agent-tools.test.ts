import assert from "node:assert/strict";
import { test } from "node:test";
import { bindAgentTools, type AgentToolDeps } from "./agent-tools.ts";
import type { CallContextRow } from "./calls.repo.ts";

const call = {
  org_id: "o1", call_id: "c1", campaign_id: "k1", contact_id: "p1", campaign_name: "Spring", contact_name: "Ana", phone: "+14155550123",
  email: "", timezone: "UTC", business_hours_start: "09:00", business_hours_end: "17:00",
} as unknown as CallContextRow;
const note = "The team's calendar could not be reached (refused): times were offered from Parley's own calendar only.";

test("when the team's calendar could not be read, the booking's note becomes the call's calendar_note", async () => {
  const calendar = {
    bookMeeting: async () => ({ booked: false, reason: "conflict", alternatives: [{ start: "2030-03-04T16:00:00.000Z", end: "2030-03-04T16:30:00.000Z" }], calendarNote: note }),
  };
  const { tools, done } = bindAgentTools({ calendar } as unknown as AgentToolDeps, call);
  const r = await tools.bookMeeting({ start: new Date("2030-03-04T15:00:00Z") });
  assert.equal(r.booked, false);
  assert.deepEqual(done.notes, { calendar_note: note });
});

test("a booking with the calendar read leaves no note", async () => {
  const event = { id: "e1", start_time: "2030-03-04T15:00:00.000Z", end_time: "2030-03-04T15:30:00.000Z" };
  const { tools, done } = bindAgentTools({ calendar: { bookMeeting: async () => ({ booked: true, event }) } } as unknown as AgentToolDeps, call);
  assert.equal((await tools.bookMeeting({ start: new Date(event.start_time) })).booked, true);
  assert.deepEqual(done.notes, {});
  assert.equal(done.meetingId, "e1");
});
