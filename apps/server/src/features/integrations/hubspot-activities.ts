import type { CrmActivity } from "./crm-provider.ts";
import { answerProperties, type HubspotPropertyDef } from "./hubspot-answers.ts";

/**
 * Parley's activities as HubSpot CRM v3 requests (developers.hubspot.com/docs/api/crm/calls, …/meetings,
 * …/contacts, …/properties):
 *   POST  /crm/v3/objects/calls      {properties, associations}: a call
 * engagement on the contact (association type 194, call → contact)
 *   POST  /crm/v3/objects/meetings   {properties, associations}: a meeting
 * engagement on the contact (association type 200, meeting → contact)
 *   PATCH /crm/v3/objects/meetings/{id} {properties: {hs_meeting_outcome:
 * "CANCELED"}}: the meeting, cancelled in Parley since
 *   PATCH /crm/v3/objects/contacts/{id} {properties: {parley_do_not_call: "true"}}, and the call's qualifying
 * answers in the contact properties they are mapped to (hubspot-answers.ts)
 *   POST  /crm/v3/properties/contacts  creates that property the first time HubSpot says it does not exist
 */
export type HubspotRequest = { method: "POST" | "PATCH"; path: string; body: Record<string, unknown> };

const CALL_TO_CONTACT = 194;
const MEETING_TO_CONTACT = 200;

/**
 * The opt-out is a contact property of Parley's own: HubSpot documents no default contact property for "do not
 * call" that an integration may set (its calling consent is managed inside HubSpot's own calling tool), while a
 * custom property is the Properties API's documented way to store what an integration knows about a contact. A
 * team filters lists and workflows on it ("Do not call (Parley)" is Yes), and Parley's own do-not-call list keeps
 * the number from being dialled again whatever the CRM does.
 */
export const DNC_PROPERTY = "parley_do_not_call";
export const DNC_PROPERTY_DEFINITION = {
  name: DNC_PROPERTY,
  label: "Do not call (Parley)",
  description: "Set by Parley when the contact asked, during a call, never to be called again.",
  groupName: "contactinformation",
  type: "bool",
  fieldType: "booleancheckbox",
  options: [
    { label: "Yes", value: "true", displayOrder: 0 },
    { label: "No", value: "false", displayOrder: 1 },
  ],
};

/** HubSpot's default call outcomes (hs_call_disposition), the same GUIDs in every portal. */
export const DISPOSITIONS = {
  connected: "f240bbac-87c9-4f6e-bf70-924b57d47db7",
  busy: "9d9162e7-6cf3-4944-bf63-4dff82258764",
  noAnswer: "73a0d17f-1163-4015-bdd5-ec830791da20",
  leftVoicemail: "b2cf5968-551e-4856-9783-52b3da59a7d0",
} as const;

const STATUS: Record<Extract<CrmActivity, { kind: "call" }>["status"], string> = {
  completed: "COMPLETED",
  dropped: "COMPLETED",
  busy: "BUSY",
  no_answer: "NO_ANSWER",
  failed: "FAILED",
};

/** HubSpot shows hs_call_body and hs_meeting_body as rich text: the plain text is escaped and its lines kept. */
export const richText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\n/g, "<br>");

const associate = (contactId: string, associationTypeId: number) => [
  { to: { id: contactId }, types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId }] },
];

function disposition(a: Extract<CrmActivity, { kind: "call" }>): string | null {
  if (a.status === "busy") return DISPOSITIONS.busy;
  if (a.status === "no_answer") return DISPOSITIONS.noAnswer;
  if (a.status === "failed") return null;
  return a.outcome === "voicemail" ? DISPOSITIONS.leftVoicemail : DISPOSITIONS.connected;
}

/** The request that writes one activity; answers are written in the format of the account's `properties`. */
export function hubspotRequest(
  a: CrmActivity,
  properties: ReadonlyMap<string, HubspotPropertyDef> = new Map(),
): HubspotRequest {
  if (a.kind === "answers")
    return {
      method: "PATCH",
      path: `/crm/v3/objects/contacts/${encodeURIComponent(a.contactId)}`,
      body: { properties: answerProperties(a.answers, properties) },
    };
  if (a.kind === "call") {
    const outcome = disposition(a);
    const properties: Record<string, string> = {
      hs_timestamp: a.startedAt,
      hs_call_title: a.title,
      hs_call_body: richText(a.body),
      hs_call_direction: a.direction,
      hs_call_status: STATUS[a.status],
      hs_call_duration: String(a.durationMs),
      hs_call_to_number: a.toNumber,
      hs_call_callee_object_id: a.contactId,
      hs_call_callee_object_type: "CONTACT",
      ...(outcome ? { hs_call_disposition: outcome } : {}),
      ...(a.recordingUrl ? { hs_call_recording_url: a.recordingUrl } : {}),
    };
    return {
      method: "POST",
      path: "/crm/v3/objects/calls",
      body: { properties, associations: associate(a.contactId, CALL_TO_CONTACT) },
    };
  }
  if (a.kind === "meeting") {
    const properties = {
      hs_timestamp: a.startAt,
      hs_meeting_title: a.title,
      hs_meeting_body: richText(a.body),
      hs_meeting_start_time: a.startAt,
      hs_meeting_end_time: a.endAt,
      hs_meeting_outcome: "SCHEDULED",
      // HubSpot's "where": the same link as the invitation and the calendar, or nothing.
      ...(a.meetingUrl ? { hs_meeting_location: a.meetingUrl } : {}),
    };
    return {
      method: "POST",
      path: "/crm/v3/objects/meetings",
      body: { properties, associations: associate(a.contactId, MEETING_TO_CONTACT) },
    };
  }
  if (a.kind === "meeting_cancelled") {
    if (!a.meetingId) throw new Error("A meeting's cancellation is sent once the meeting's CRM id is known.");
    return {
      method: "PATCH",
      path: `/crm/v3/objects/meetings/${encodeURIComponent(a.meetingId)}`,
      body: { properties: { hs_meeting_outcome: "CANCELED" } },
    };
  }
  return {
    method: "PATCH",
    path: `/crm/v3/objects/contacts/${encodeURIComponent(a.contactId)}`,
    body: { properties: { [DNC_PROPERTY]: "true" } },
  };
}
