import { z } from "zod";

/** Connect the team's calendar over CalDAV (Fastmail, iCloud, Nextcloud, radicale…). */
export const CaldavConnect = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Enter your calendar's CalDAV address.")
    .max(2000, "Keep the address under 2000 characters.")
    .refine(
      (v) => /^https?:\/\/[^/\s]+/i.test(v),
      "Enter an address starting with https:// (for example https://caldav.fastmail.com/).",
    ),
  username: z
    .string()
    .trim()
    .min(1, "Enter the username of the calendar account.")
    .max(320, "Keep the username under 320 characters."),
  password: z
    .string()
    .min(1, "Enter the password (an app password for iCloud and Fastmail).")
    .max(1000, "Keep the password under 1000 characters."),
});
export type CaldavConnect = z.infer<typeof CaldavConnect>;

/**
 * connected: the last use of the calendar worked; unreachable: the last attempt failed (the agent then offers
 * times from Parley's own calendar only); the message says what went wrong.
 */
export const IntegrationStatus = z.enum(["connected", "unreachable"]);
export type IntegrationStatus = z.infer<typeof IntegrationStatus>;

/** The CalDAV connection as shown in Settings → Integrations: never the password. */
export const CaldavIntegration = z.object({
  url: z.string(),
  username: z.string(),
  calendar_url: z.string(),
  calendar_name: z.string(),
  status: IntegrationStatus,
  last_error: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  connected_at: z.string(),
});
export type CaldavIntegration = z.infer<typeof CaldavIntegration>;

/** Connect HubSpot with a private app's access token (Settings → Integrations → Private apps in HubSpot). */
export const HubspotConnect = z.object({
  token: z
    .string()
    .trim()
    .min(1, "Paste the access token of your HubSpot private app.")
    .max(500, "Keep the token under 500 characters.")
    .refine((v) => !/\s/.test(v), "The token has no spaces: paste it again."),
});
export type HubspotConnect = z.infer<typeof HubspotConnect>;

/** connected: the token worked last time; reconnect: HubSpot refused it (revoked or expired): paste a new one. */
export const HubspotStatus = z.enum(["connected", "reconnect"]);
export type HubspotStatus = z.infer<typeof HubspotStatus>;

/** The HubSpot connection as shown: the account (portal) it reads, never the token. */
export const HubspotIntegration = z.object({
  portal_id: z.number().int().nullable(),
  token_hint: z.string(),
  status: HubspotStatus,
  last_error: z.string().nullable(),
  connected_at: z.string(),
});
export type HubspotIntegration = z.infer<typeof HubspotIntegration>;

/**
 * A list of contacts in the CRM that can be imported. static: its members are picked by hand (or were copied
 * once from filters); active: its members are whoever matches its saved filters now (HubSpot's active list,
 * the form in which HubSpot's API offers a saved filter), read as they are at the import.
 */
export const CrmSourceKind = z.enum(["static", "active"]);
export type CrmSourceKind = z.infer<typeof CrmSourceKind>;
export const CrmSource = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().nullable(),
  kind: CrmSourceKind,
});
export const CrmSourceList = z.object({ sources: z.array(CrmSource) });
export type CrmSource = z.infer<typeof CrmSource>;
export type CrmSourceList = z.infer<typeof CrmSourceList>;

/** A contact property the CRM offers for mapping (HubSpot's internal name and its label). */
export const CrmProperty = z.object({ name: z.string(), label: z.string() });
export type CrmProperty = z.infer<typeof CrmProperty>;

/** The first contacts of a source, each with every property read (values as text). */
export const CrmPreview = z.object({
  properties: z.array(CrmProperty),
  contacts: z.array(z.object({ id: z.string(), values: z.record(z.string(), z.string()) })),
});
export type CrmPreview = z.infer<typeof CrmPreview>;

const propertyName = z.string().trim().max(200);
/**
 * Which CRM property fills which of Parley's contact fields; `variables` become {{key}} template variables.
 * The phone is required; a name is either one property or first + last.
 */
export const CrmMapping = z.object({
  phone: propertyName.min(1, "Choose the property that holds the phone number."),
  name: propertyName.optional(),
  first_name: propertyName.optional(),
  last_name: propertyName.optional(),
  email: propertyName.optional(),
  variables: z
    .array(
      z.object({
        property: propertyName.min(1),
        key: z
          .string()
          .trim()
          .regex(/^[a-z][a-z0-9_]{0,49}$/, "A variable is lowercase letters, digits and _ (for example company)."),
      }),
    )
    .max(30, "Map at most 30 variables."),
});
export type CrmMapping = z.infer<typeof CrmMapping>;

export const CrmImportRequest = z.object({
  source_id: z.string().trim().min(1, "Choose a HubSpot list.").max(100),
  mapping: CrmMapping,
});
export type CrmImportRequest = z.infer<typeof CrmImportRequest>;

/** A CRM record that was not imported: its CRM id and why (no phone, a number that is not valid…). */
export const CrmSkipped = z.object({ crm_id: z.string(), reason: z.string() });
export type CrmSkipped = z.infer<typeof CrmSkipped>;

/** What an import did: the campaign's list is replaced by the source's contacts, read by the CSV import's rules. */
export const CrmImportResult = z.object({
  source_name: z.string(),
  read: z.number().int(),
  imported: z.number().int(),
  duplicates_merged: z.number().int(),
  /** Imported numbers on the do-not-call list: kept in the list but never dialled. */
  do_not_call: z.number().int(),
  skipped_count: z.number().int(),
  skipped: z.array(CrmSkipped),
});
export type CrmImportResult = z.infer<typeof CrmImportResult>;

/** What is connected: each integration is null until connected. */
export const IntegrationList = z.object({
  caldav: CaldavIntegration.nullable(),
  hubspot: HubspotIntegration.nullable(),
});
export type IntegrationList = z.infer<typeof IntegrationList>;
