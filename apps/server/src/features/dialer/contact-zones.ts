import ct from "countries-and-timezones";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * The zones a callee may be in, from their number's country. A country with several zones gives all of
 * them, and the scheduler then keeps to hours that are legal in every one (conservative by design).
 */
export function contactZones(phoneE164: string): string[] {
  const country = parsePhoneNumberFromString(phoneE164)?.country;
  if (!country) return [];
  return ct.getCountry(country)?.timezones ?? [];
}
