import { z } from "zod";
import { CampaignMessages, DEFAULT_TIMEZONE, isIanaTimeZone, RejectedRow } from "./campaigns.ts";

/**
 * What the campaign setup screen shows before anything is saved: the contact list as the import would read
 * it, and the greeting the list's first contact would hear from the opening line being typed.
 */

/** Rejected rows listed in a check; `rejected_count` counts them all. */
export const CHECK_REJECTED_ROWS = 100;

/**
 * POST /api/contacts/check fields (multipart, beside `csv_file`, or query parameters): the campaign's
 * timezone, from which numbers written without +country get their country, as on import.
 */
export const ContactListCheckFields = z.object({
  campaign_timezone: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim() : DEFAULT_TIMEZONE),
    z.string().max(100).refine(isIanaTimeZone, CampaignMessages.timezone),
  ),
});

const cell = z.string().max(2000);
/** One contact as the import reads it: what a greeting is filled from. */
export const PreviewContact = z.object({
  name: cell,
  first_name: cell,
  last_name: cell,
  phone: z.string().max(40),
  variables: z.record(z.string().max(200), cell).refine((v) => Object.keys(v).length <= 500, "At most 500 variables."),
});
export type PreviewContact = z.infer<typeof PreviewContact>;

/** The answer of POST /api/contacts/check: the file read by the real import, nothing stored. */
export const ContactListCheck = z.object({
  contact_count: z.number(),
  rejected_count: z.number(),
  /** The first CHECK_REJECTED_ROWS rejected rows, by line. */
  rejected_rows: z.array(RejectedRow),
  duplicates_merged: z.number(),
  /** The file's columns as written (column_N for a file without a header row). */
  columns: z.array(z.string()),
  /** The variables the opening line and answers may use with this list: `{name}` … */
  variables: z.array(z.string()),
  /** The list's first contact (null: no row has a usable phone number). */
  first_contact: PreviewContact.nullable(),
  /** Per variable key, how many contacts have no value for it (only keys some contact lacks). */
  empty_variables: z.record(z.string(), z.number()).default({}),
});
export type ContactListCheck = z.infer<typeof ContactListCheck>;

/**
 * POST /api/campaigns/greeting-preview: the greeting from an opening line not yet saved, for `contact`,
 * else the first contact of the saved campaign `campaign_id`. Answers a GreetingPreview.
 * POST …/greeting-preview/audio takes the same body and `voice_id`, and answers audio/wav.
 */
export const GreetingDraft = z.object({
  opening_line: z.string().max(1000),
  campaign_id: z.string().max(100).optional(),
  contact: PreviewContact.optional(),
});
export type GreetingDraft = z.infer<typeof GreetingDraft>;
export const GreetingDraftAudio = GreetingDraft.extend({ voice_id: z.string().max(200).optional() });
export type GreetingDraftAudio = z.infer<typeof GreetingDraftAudio>;
