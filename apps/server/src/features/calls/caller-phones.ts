import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { isValidPhone } from "../../platform/phone-valid.ts";
import { regionForTimezone } from "../../platform/phone.ts";

/**
 * The caller's number in E.164 as a trunk or Twilio sends it, best guess first; none for a withheld or
 * non-numeric caller ("anonymous", a SIP user), who is then a call without a contact.
 *
 * With a `+` (or `00`) the number is taken as it is. Without one, trunks send either the national form
 * ("02071234567", "2125550123") or E.164 without the plus ("442071234567", "12125550123"). The national reading
 * uses the country of the campaign's time zone (`regionForTimezone`, as the campaign's contact list is read), so
 * a caller is matched to the contact imported from the same number. Every reading that is a valid number is
 * returned, the national one first (a caller's number is most often of the trunk's country); when none is,
 * both guesses are, so a number newer than the library's data still finds its contact.
 */
export function callerPhones(from: string, timezone: string): string[] {
  const d = from.trim().replace(/[\s().-]/g, "");
  if (/^\+[1-9]\d{6,14}$/.test(d)) return [d];
  if (/^00[1-9]\d{6,14}$/.test(d)) return [`+${d.slice(2)}`]; // the international prefix most of the world dials
  if (!/^\d{6,17}$/.test(d)) return [];
  const region = regionForTimezone(timezone);
  const national = region ? parsePhoneNumberFromString(d, region as CountryCode) : undefined;
  const international = /^[1-9]\d{7,14}$/.test(d) ? parsePhoneNumberFromString(`+${d}`) : undefined;
  const valid = [national, international].filter((p) => p && isValidPhone(p));
  // Neither reading is a valid number (a range newer than the library's data, a test number): keep both guesses.
  const guesses = valid.length ? valid : [national?.isPossible() ? national : undefined, international];
  return [...new Set(guesses.flatMap((p) => (p ? [p.number as string] : [])))];
}
