import { z } from "zod";

/** Connect the team's calendar over CalDAV (Fastmail, iCloud, Nextcloud, radicale…). */
export const CaldavConnect = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Enter your calendar's CalDAV address.")
    .max(2000, "Keep the address under 2000 characters.")
    .refine((v) => /^https?:\/\/[^/\s]+/i.test(v), "Enter an address starting with https:// (for example https://caldav.fastmail.com/)."),
  username: z.string().trim().min(1, "Enter the username of the calendar account.").max(320, "Keep the username under 320 characters."),
  password: z.string().min(1, "Enter the password (an app password for iCloud and Fastmail).").max(1000, "Keep the password under 1000 characters."),
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

/** What is connected: each integration is null until connected. HubSpot is not available yet. */
export const IntegrationList = z.object({
  caldav: CaldavIntegration.nullable(),
  hubspot: z.object({ available: z.literal(false) }),
});
export type IntegrationList = z.infer<typeof IntegrationList>;
