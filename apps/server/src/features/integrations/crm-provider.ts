import type { CrmProperty, CrmSource } from "@parley/shared/integrations";
import type { OutcomeFieldType } from "@parley/shared/outcome-fields";

/** One CRM record as read: its id in the CRM and the requested properties that have a value (as text). */
export type CrmRecord = { id: string; values: Record<string, string> };

/**
 * One page of a source's contacts; `after` is the CRM's cursor for the next page, null on the last. `gone`: members
 * of the source whose record the CRM no longer has (deleted or merged since they were added), by their CRM id.
 */
export type CrmPage = { records: CrmRecord[]; gone: string[]; after: string | null };

/**
 * A call's result as written back to the contact's CRM record, in Parley's words; each CRM's adapter turns it
 * into its own request (hubspot-activities.ts). Kept as JSON in the queue (crm_writes.activity), so its fields
 * are plain values: times as ISO strings, durations in milliseconds.
 */
export type CrmActivity =
  | {
      kind: "call";
      /** The contact's id in the CRM (its {{hubspot_id}}). */
      contactId: string;
      title: string;
      /** Parley's outcome (interested, scheduled, no_answer…) and how the line ended. */
      outcome: string;
      status: "completed" | "busy" | "no_answer" | "failed" | "dropped";
      direction: "OUTBOUND" | "INBOUND";
      /** Summary and transcript excerpt, as plain text with line breaks. */
      body: string;
      toNumber: string;
      startedAt: string;
      durationMs: number;
      /** An absolute link to the recording, or null (not recorded, or no PUBLIC_URL to link from). */
      recordingUrl: string | null;
    }
  | {
      kind: "meeting";
      contactId: string;
      title: string;
      body: string;
      startAt: string;
      endAt: string;
      /** The meeting's link (Settings → Meeting link), or null: never one made up. */
      meetingUrl: string | null;
    }
  /**
   * That meeting was cancelled in Parley after it was queued: `meetingId` is the CRM's id of the meeting written,
   * known only once that write went out, so the queue stores null and the sender fills it in.
   */
  | { kind: "meeting_cancelled"; contactId: string; meetingId: string | null }
  | { kind: "do_not_call"; contactId: string; reason: string; at: string }
  /**
   * The call's qualifying answers, each to the contact property its field is mapped to (outcome_field_crm), as
   * captured: the CRM's adapter writes each value in the format of its property (hubspot-answers.ts).
   */
  | { kind: "answers"; contactId: string; answers: AnswerWrite[] };
/** One answered field bound for a contact property; `value` as in OutcomeAnswer (datetime: ISO with offset). */
export type AnswerWrite = { property: string; field: string; type: OutcomeFieldType; value: boolean | number | string };
export type CrmActivityKind = CrmActivity["kind"];

/** What Parley needs of a CRM, so another CRM (Pipedrive, Salesforce) is one more file like hubspot-client.ts. */
export interface CrmProvider {
  /** Checks the credential; answers the CRM account it opens (HubSpot's portal id). */
  account(): Promise<{ accountId: number | null }>;
  /** The lists (or saved filters) of contacts that can be imported. */
  listSources(): Promise<CrmSource[]>;
  source(id: string): Promise<CrmSource>;
  /** The contact properties offered for mapping. */
  properties(): Promise<CrmProperty[]>;
  /** A page of a source's contacts with the given properties; pass the previous page's `after` for the next. */
  fetchContacts(sourceId: string, properties: string[], after: string | null, limit?: number): Promise<CrmPage>;
  /** Writes one activity on the contact's record; answers the CRM's id of what it created (null for an update). */
  writeActivity(activity: CrmActivity): Promise<{ id: string | null }>;
}

/** The CRM refused the credential (revoked, expired, wrong): the connection needs a new one. */
export class CrmAuthError extends Error {}
/** Anything else the CRM answered that is not usable, with a message fit to show. */
export class CrmError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}
