import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import ct from "countries-and-timezones";

/**
 * The country a campaign's timezone implies, used for numbers written without +country code
 * (Asia/Kolkata → IN, America/New_York → US). Zones shared by several countries answer the first
 * listed (Europe/London → GB); zones of no country (UTC) answer undefined.
 */
export function regionForTimezone(zone: string): CountryCode | undefined {
  const country = ct.getTimezone(zone)?.countries[0];
  return country ? (country as CountryCode) : undefined;
}

export type PhoneResult = { ok: true; e164: string } | { ok: false; reason: string };

const SCIENTIFIC = /^\d(\.\d+)?e\+?\d+$/i;

/** One cell → E.164, or the reason it cannot be dialled. `+` and `00` prefixes are honoured. */
export function normalizePhone(raw: string, region: CountryCode | undefined): PhoneResult {
  const text = raw.trim();
  if (!text) return { ok: false, reason: "Missing phone number" };
  if (SCIENTIFIC.test(text.replace(/\s/g, ""))) {
    return { ok: false, reason: `Phone number "${text}" was turned into scientific notation by a spreadsheet; format the column as text and export again` };
  }
  const international = /^\s*(\+|00)/.test(text);
  if (!international && !region) {
    return { ok: false, reason: `Phone number "${text}" has no +country code and the campaign's timezone does not imply a country` };
  }
  const parsed = parsePhoneNumberFromString(text, international ? undefined : region);
  if (!parsed || !parsed.isValid()) {
    // "00" international prefix: libphonenumber only reads it with a region whose exit code is 00.
    if (text.startsWith("00")) return normalizePhone("+" + text.slice(2), region);
    return { ok: false, reason: `Invalid phone number "${text}"` };
  }
  return { ok: true, e164: parsed.number };
}
