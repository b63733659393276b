import assert from "node:assert/strict";
import { test } from "node:test";
import type { CallDetail } from "@parley/shared/call-history";
import type { OutcomeAnswer } from "@parley/shared/outcome-fields";
import { answerWrites, callActivities, transcriptExcerpt } from "./crm-activities.ts";
import { DISPOSITIONS, DNC_PROPERTY, hubspotRequest, richText } from "./hubspot-activities.ts";

type Call = CallDetail["call"];
const REC = "https://parley.example/api/recordings/c1?exp=1&sig=x";

function call(over: Partial<Call> = {}): Call {
  return {
    id: "c1",
    lead_name: "Ana Silva",
    lead_phone: "+14155550101",
    lead_email: "",
    property: "",
    type_of_property: "",
    budget: "",
    date: "2030-01-02",
    time: "10:00",
    started_at: "2030-01-02T10:00:00.000Z",
    timezone: "UTC",
    created_at: "2030-01-01T00:00:00.000Z",
    status: "interested",
    direction: "OUTBOUND",
    call_duration_secs: 95,
    audio_url: null,
    recording_pending: false,
    summary: "Wants a quote for 20 seats.",
    campaign_id: "k1",
    campaign_name: "Spring demo",
    placed_by_name: null,
    outcome_fields: null,
    outcome: "interested",
    sentiment: "positive",
    answered_at: "2030-01-02T10:00:05.000Z",
    ended_at: "2030-01-02T10:01:40.000Z",
    transcript: [
      { speaker: "agent", text: "Hi Ana, this is Parley calling for Acme.", startMs: 0, endMs: 2000 },
      { speaker: "callee", text: "Hi <there> & hello.", startMs: 2500, endMs: 4000 },
    ],
    extracted: {},
    latency: [],
    meeting: null,
    interventions: [],
    crm_sync: null,
    scorecard: null,
    ...over,
  };
}

test("an answered call is one call activity: title, summary, transcript excerpt, duration, recording", () => {
  const [a, ...rest] = callActivities(call(), "101", REC);
  assert.equal(rest.length, 0);
  assert.deepEqual(a, {
    kind: "call",
    contactId: "101",
    title: "Parley AI call (Spring demo): Interested",
    outcome: "interested",
    status: "completed",
    direction: "OUTBOUND",
    toNumber: "+14155550101",
    startedAt: "2030-01-02T10:00:00.000Z",
    durationMs: 95_000,
    recordingUrl: REC,
    body: [
      "Outcome: Interested",
      "Campaign: Spring demo",
      "Summary: Wants a quote for 20 seats.",
      "Transcript (excerpt):\nAgent: Hi Ana, this is Parley calling for Acme.\nLead: Hi <there> & hello.",
      `Recording: ${REC}`,
    ].join("\n\n"),
  });
  const req = hubspotRequest(a!);
  assert.equal(req.method, "POST");
  assert.equal(req.path, "/crm/v3/objects/calls");
  const props = (req.body as { properties: Record<string, string> }).properties;
  assert.deepEqual(
    [
      props.hs_timestamp,
      props.hs_call_title,
      props.hs_call_status,
      props.hs_call_duration,
      props.hs_call_direction,
      props.hs_call_disposition,
      props.hs_call_recording_url,
      props.hs_call_to_number,
    ],
    [
      "2030-01-02T10:00:00.000Z",
      "Parley AI call (Spring demo): Interested",
      "COMPLETED",
      "95000",
      "OUTBOUND",
      DISPOSITIONS.connected,
      REC,
      "+14155550101",
    ],
  );
  assert.match(
    props.hs_call_body!,
    /Lead: Hi &lt;there&gt; &amp; hello\./,
    "the body is escaped for HubSpot's rich text",
  );
  assert.match(props.hs_call_body!, /Outcome: Interested<br><br>Campaign/);
  assert.deepEqual(req.body.associations, [
    { to: { id: "101" }, types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: 194 }] },
  ]);
});

test("lines never a conversation keep HubSpot's status and outcome; an unrecorded call has no recording link", () => {
  const statusOf = (status: Call["status"], outcome: string) => {
    const [a] = callActivities(call({ status, outcome, answered_at: null, transcript: [], summary: "" }), "101", null);
    const props = (hubspotRequest(a!).body as { properties: Record<string, string> }).properties;
    return [
      props.hs_call_status,
      props.hs_call_disposition ?? null,
      "hs_call_recording_url" in props,
      a!.kind === "call" ? a!.body : null,
    ];
  };
  assert.deepEqual(statusOf("busy", "busy"), [
    "BUSY",
    DISPOSITIONS.busy,
    false,
    "Outcome: Busy\n\nCampaign: Spring demo",
  ]);
  assert.deepEqual(statusOf("no_answer", "no_answer").slice(0, 2), ["NO_ANSWER", DISPOSITIONS.noAnswer]);
  assert.deepEqual(statusOf("failed", "failed").slice(0, 2), ["FAILED", null]);
  assert.deepEqual(statusOf("voicemail", "voicemail").slice(0, 2), ["COMPLETED", DISPOSITIONS.leftVoicemail]);
  assert.deepEqual(statusOf("dropped", "dropped").slice(0, 2), ["COMPLETED", DISPOSITIONS.connected]);
});

test("a booked meeting and an opt-out add a meeting on the contact and the do-not-call property", () => {
  const meeting = {
    id: "m1",
    title: "Spring demo: meeting with Ana Silva",
    start_time: "2030-01-05T15:00:00.000Z",
    end_time: "2030-01-05T15:30:00.000Z",
    timezone: "UTC",
    contact_timezone: "America/Los_Angeles",
    status: "confirmed",
    meeting_url: null,
  };
  const booked = callActivities(call({ outcome: "scheduled", status: "scheduled", meeting }), "101", null);
  assert.deepEqual(
    booked.map((a) => a.kind),
    ["call", "meeting"],
  );
  const req = hubspotRequest(booked[1]!);
  assert.equal(req.path, "/crm/v3/objects/meetings");
  const props = (req.body as { properties: Record<string, string> }).properties;
  assert.deepEqual(
    [
      props.hs_meeting_title,
      props.hs_meeting_start_time,
      props.hs_meeting_end_time,
      props.hs_timestamp,
      props.hs_meeting_outcome,
    ],
    [meeting.title, meeting.start_time, meeting.end_time, meeting.start_time, "SCHEDULED"],
  );
  assert.match(props.hs_meeting_body!, /during a call to \+14155550101: Wants a quote/);
  assert.equal(props.hs_meeting_location, undefined, "no link set, none written");
  assert.doesNotMatch(props.hs_meeting_body!, /Join/);
  assert.deepEqual(req.body.associations, [
    { to: { id: "101" }, types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: 200 }] },
  ]);
  // With a link from Settings, HubSpot carries the same one as the invitation and the calendar.
  const room = "https://meet.jit.si/parley-k3v9q2m7xa";
  const linked = callActivities(call({ status: "scheduled", meeting: { ...meeting, meeting_url: room } }), "101", null);
  const linkedProps = (hubspotRequest(linked[1]!).body as { properties: Record<string, string> }).properties;
  assert.equal(linkedProps.hs_meeting_location, room);
  assert.match(linkedProps.hs_meeting_body!, new RegExp(`Join: ${room.replaceAll(".", "\\.")}`));
  assert.deepEqual(
    callActivities(call({ meeting: { ...meeting, status: "cancelled" } }), "101", null).map((a) => a.kind),
    ["call"],
    "a cancelled meeting is not written",
  );

  const optOut = callActivities(call({ outcome: "do_not_call", status: "do_not_call" }), "10 1", null);
  assert.deepEqual(
    optOut.map((a) => a.kind),
    ["call", "do_not_call"],
  );
  assert.deepEqual(hubspotRequest(optOut[1]!), {
    method: "PATCH",
    path: "/crm/v3/objects/contacts/10%201",
    body: { properties: { [DNC_PROPERTY]: "true" } },
  });
});

test("the transcript excerpt keeps whole turns up to its limit and says when more was said", () => {
  const turns = Array.from({ length: 50 }, (_, i) => ({
    speaker: i % 2 ? ("callee" as const) : ("agent" as const),
    text: `Turn number ${i} with some words.`,
    startMs: i,
    endMs: i + 1,
  }));
  const excerpt = transcriptExcerpt(turns, 200);
  assert.ok(excerpt.length <= 202, String(excerpt.length));
  assert.ok(excerpt.endsWith("\n…"));
  assert.equal(excerpt.split("\n")[0], "Agent: Turn number 0 with some words.");
  assert.equal(transcriptExcerpt([{ speaker: "agent", text: "x".repeat(500), startMs: 0, endMs: 1 }], 100).length, 100);
  assert.equal(transcriptExcerpt([]), "");
  assert.equal(richText("a\nb<c>"), "a<br>b&lt;c&gt;");
});

test("answered fields mapped to a property are written; not answered and unmapped ones are not", () => {
  const answer = (key: string, type: OutcomeAnswer["type"], value: OutcomeAnswer["value"]) => ({
    key,
    name: key.replace(/_/g, " "),
    type,
    answered: value !== null,
    value,
    currency: null,
    display: value === null ? "Not answered" : String(value),
    utterance: value === null ? null : "…",
  });
  const answers = [
    answer("budget", "amount", 2000),
    answer("uses_crm", "yes_no", false),
    answer("team_size", "number", null),
    answer("notes", "text", "mostly refits"),
  ];
  const mapped = new Map([
    ["budget", "monthly_budget"],
    ["uses_crm", "has_crm"],
    ["team_size", "team_size"],
  ]);
  const activities = callActivities(call({ outcome_fields: { qualified: false, answers } }), "101", null, mapped);
  assert.deepEqual(activities.at(-1), {
    kind: "answers",
    contactId: "101",
    answers: [
      { property: "monthly_budget", field: "budget", type: "amount", value: 2000 },
      { property: "has_crm", field: "uses crm", type: "yes_no", value: false },
    ],
  });
  assert.deepEqual(answerWrites(call({ outcome_fields: { qualified: false, answers } }), new Map()), []);
  const unanswered = call({ outcome_fields: { qualified: false, answers: [answers[2]!] } });
  assert.deepEqual(
    callActivities(unanswered, "101", null, mapped).map((a) => a.kind),
    ["call"],
    "nothing answered: no contact write",
  );
});
