import assert from "node:assert/strict";
import { test } from "node:test";
import { KbSource } from "@parley/shared/knowledge-base";
import { answerFromPassages, lookupsOf } from "@parley/voice/knowledge/answer";
import { bindAgentTools, type AgentToolDeps } from "./agent-tools.ts";
import type { CallContextRow } from "./calls.repo.ts";

const call = {
  org_id: "o1",
  call_id: "c1",
  campaign_id: "k1",
  contact_id: "p1",
  campaign_name: "Spring",
  contact_name: "Ana",
  phone: "+14155550123",
  email: "",
  timezone: "UTC",
  business_hours_start: "09:00",
  business_hours_end: "17:00",
} as unknown as CallContextRow;
const note = "The team's calendar could not be reached (refused): times were offered from Parley's own calendar only.";

test("when the team's calendar could not be read, the booking's note becomes the call's calendar_note", async () => {
  const calendar = {
    bookMeeting: async () => ({
      booked: false,
      reason: "conflict",
      alternatives: [{ start: "2030-03-04T16:00:00.000Z", end: "2030-03-04T16:30:00.000Z" }],
      calendarNote: note,
    }),
  };
  const { tools, done } = bindAgentTools({ calendar } as unknown as AgentToolDeps, call);
  const r = await tools.bookMeeting({ start: new Date("2030-03-04T15:00:00Z") });
  assert.equal(r.booked, false);
  assert.deepEqual(done.notes, { calendar_note: note });
});

test("a booking with the calendar read leaves no note", async () => {
  const event = { id: "e1", start_time: "2030-03-04T15:00:00.000Z", end_time: "2030-03-04T15:30:00.000Z" };
  const { tools, done } = bindAgentTools(
    { calendar: { bookMeeting: async () => ({ booked: true, event }) } } as unknown as AgentToolDeps,
    call,
  );
  assert.equal((await tools.bookMeeting({ start: new Date(event.start_time) })).booked, true);
  assert.deepEqual(done.notes, {});
  assert.equal(done.meetingId, "e1");
});

test("the call's kb_sources keep each passage looked at, if the answer came from it, each rule's verdict", async () => {
  const passages = [
    {
      passageId: "ps1",
      documentId: "d1",
      documentName: "zlib-faq",
      heading: "zlib FAQ",
      text: "Is zlib thread-safe? Yes. However any library routines that zlib uses must also be thread-safe.",
      score: 2,
    },
    {
      passageId: "ps2",
      documentId: "d2",
      documentName: "redis-readme",
      heading: "Building Redis",
      text: "We support big endian and little endian architectures, and both 32 bit and 64 bit systems.",
      score: 1,
    },
  ];
  const retrieval = { retrieve: async () => passages };
  const { tools, done } = bindAgentTools(
    { retrieval } as unknown as AgentToolDeps,
    {
      ...call,
      kb_document_ids: ["d1", "d2"],
    } as CallContextRow,
  );
  for (const question of ["is zlib thread safe", "how many threads can zlib use at once"]) {
    const looked = await tools.retrieve(question);
    tools.citeSources!(question, lookupsOf(answerFromPassages(question, looked), looked));
  }
  const sources = done.kbSources.map((s) => KbSource.parse(s));
  const answered = sources.filter((s) => s.query === "is zlib thread safe");
  assert.deepEqual(
    answered.map((s) => [s.passage_id, s.used]),
    [
      ["ps1", true],
      ["ps2", false],
    ],
  );
  assert.ok(answered[0]!.checks.some((c) => c.accepted && c.rule === "answers" && c.sentence === "Yes."));
  const declined = sources.filter((s) => s.query === "how many threads can zlib use at once");
  assert.ok(declined.length >= 1 && declined.every((s) => !s.used), JSON.stringify(declined));
  assert.ok(
    declined.flatMap((s) => s.checks).every((c) => !c.accepted && /^[a-z]+(-[a-z]+)+$/.test(c.rule) && c.reason),
    JSON.stringify(declined.map((s) => s.checks)),
  );
});

test("a meeting is asked inside the team's working hours and the contact's 08:00–21:00 on their clock", async () => {
  let asked: Record<string, unknown> = {};
  const calendar = {
    bookMeeting: async (_org: string, input: Record<string, unknown>) => {
      asked = input;
      return { booked: false, reason: "outside_hours", alternatives: [] };
    },
  };
  const sydneyCall = {
    ...call,
    phone: "+61491570006",
    timezone: "Australia/Sydney",
    team_timezone: "Europe/Berlin",
    team_hours_start: "09:00",
    team_hours_end: "17:00",
  } as CallContextRow;
  const { tools } = bindAgentTools({ calendar } as unknown as AgentToolDeps, sydneyCall);
  await tools.bookMeeting({ start: new Date("2030-12-03T12:00:00Z") });
  assert.deepEqual(
    [asked.timezone, asked.businessHours, asked.contactHours],
    ["Europe/Berlin", { start: "09:00", end: "17:00" }, { timezone: "Australia/Sydney", start: "08:00", end: "21:00" }],
  );
});
