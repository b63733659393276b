import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";

export type PhoneResult = { ok: true; e164: string; country: string | undefined } | { ok: false; reason: string };

/**
 * Normalises a number to E.164 with libphonenumber. A leading + (or 00) country code is honoured;
 * otherwise the default region decides. Invalid numbers come back with a reason a person can act on.
 */
export function normalizePhone(raw: string, defaultCountry?: string): PhoneResult {
  const text = raw.trim().replace(/^00(?=[1-9])/, "+");
  if (!text) return { ok: false, reason: "Phone number is missing." };
  if (!/\d/.test(text)) return { ok: false, reason: `"${raw.trim()}" is not a phone number.` };
  if (!text.startsWith("+") && !defaultCountry) {
    return { ok: false, reason: `"${raw.trim()}" has no country code: write it as +<country code><number>.` };
  }
  const parsed = parsePhoneNumberFromString(text, defaultCountry as CountryCode | undefined);
  if (!parsed || !parsed.isValid()) return { ok: false, reason: `"${raw.trim()}" is not a valid phone number.` };
  return { ok: true, e164: parsed.number, country: parsed.country };
}
