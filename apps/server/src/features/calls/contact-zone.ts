import { DateTime } from "luxon";
import { LEGAL_CONTACT_HOURS } from "../dialer/call-window.ts";
import { contactZones } from "../dialer/contact-zones.ts";

/** The hours a meeting with a contact may fall in, on their clock (the same 08:00–21:00 the dialer keeps to). */
export const CONTACT_MEETING_HOURS = LEGAL_CONTACT_HOURS;

/**
 * The zone the agent speaks times in and reads the callee's times in: the contact's, from their number; of a
 * country with several, the campaign's when it is one of them, else the first. A number of no known country
 * (or a browser test call) keeps the campaign's zone.
 */
export function contactZone(phone: string, campaignZone: string): string {
  const zones = contactZones(phone);
  return zones.includes(campaignZone) ? campaignZone : (zones[0] ?? campaignZone);
}

/**
 * The contact's UTC offset in minutes at `at`, in the zone `contactZone` picks: kept on each call the dialer
 * places, so the answer-hours rollup (0265_answer_hours.sql) files the call under the contact's own hour.
 */
export function contactOffsetMins(phone: string, campaignZone: string, at: Date): number {
  return DateTime.fromJSDate(at, { zone: contactZone(phone, campaignZone) }).offset;
}
