import { clampContactHours, type CallWindowRules } from "./call-window.ts";
import { contactZones } from "./contact-zones.ts";
import type { CampaignRules } from "./dialer.types.ts";

/**
 * The hours the dialer may ring `phone` for campaign `c`: its business hours and dates, and the contact's own hours.
 */
export const windowRules = (
  c: Pick<CampaignRules, "businessHoursStart" | "businessHoursEnd" | "timezone" | "startAt" | "endAt">,
  phone: string,
): CallWindowRules => ({
  businessHours: { start: c.businessHoursStart, end: c.businessHoursEnd },
  timezone: c.timezone,
  startAt: c.startAt,
  endAt: c.endAt,
  contactZones: contactZones(phone),
  contactHours: clampContactHours(null),
});

/**
 * A call by hand keeps to the contact's local calling hours (the law) but not to the campaign's business
 * hours and dates: those pace the dialer's queue, and the person pressing "ring now" decides them.
 */
export const handCallRules = (phone: string): CallWindowRules => ({
  businessHours: { start: "00:00", end: "00:00" }, // end ≤ start: the whole day
  timezone: "UTC",
  contactZones: contactZones(phone),
  contactHours: clampContactHours(null),
});
