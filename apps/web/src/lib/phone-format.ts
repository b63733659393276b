import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * A stored number (E.164, "+919876543210") written for people: "+91 98765 43210", or "098765 43210" when the
 * number is of the organisation's country (`orgCountry`, an ISO code such as "IN"), as the team dials it at
 * home. What is not a possible phone number (a SIP user such as "sales", a fictional test range) is shown as
 * stored rather than guessed at.
 */
export function formatPhone(raw: string, orgCountry?: string | null): string {
  const text = raw.trim();
  if (!text.startsWith("+")) return raw;
  const parsed = parsePhoneNumberFromString(text);
  if (!parsed?.isPossible()) return raw;
  return orgCountry && parsed.country === orgCountry ? parsed.formatNational() : parsed.formatInternational();
}

const E164_IN_TEXT = /\+[1-9]\d{6,14}\b/g;

/** Every stored number inside a sentence ("Booked during a call to +61293744000.") written by `format`. */
export const formatPhonesIn = (text: string, format: (raw: string) => string): string =>
  text.replace(E164_IN_TEXT, (n) => format(n));
