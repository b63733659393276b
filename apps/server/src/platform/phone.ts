import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import ct from "countries-and-timezones";
import { isValidPhone } from "./phone-valid.ts";

export type PhoneResult = { ok: true; e164: string; country: string | undefined } | { ok: false; reason: string };

const SCIENTIFIC = /^\d(\.\d+)?e\+?\d+$/i;

/**
 * One number → E.164 with libphonenumber (contact lists, the do-not-call list), or the reason it cannot be
 * dialled, worded for the person who must fix the file. `+` and `00` prefixes are honoured; otherwise the
 * default region decides.
 */
export function normalizePhone(raw: string, region: string | undefined): PhoneResult {
  const text = raw.trim();
  if (!text) return { ok: false, reason: "Missing phone number" };
  if (SCIENTIFIC.test(text.replace(/\s/g, ""))) {
    return {
      ok: false,
      reason:
        `Phone number "${text}" was turned into scientific notation by a ` +
        "spreadsheet; format the column as text and export again",
    };
  }
  const international = /^\s*(\+|00)/.test(text);
  if (!international && !region) {
    return { ok: false, reason: `Phone number "${text}" has no +country code and no default country is known` };
  }
  const parsed = parsePhoneNumberFromString(text, international ? undefined : (region as CountryCode));
  if (!parsed || !isValidPhone(parsed)) {
    // "00" international prefix: libphonenumber only reads it with a region whose exit code is 00.
    if (text.startsWith("00")) return normalizePhone("+" + text.slice(2), region);
    return { ok: false, reason: `Invalid phone number "${text}"` };
  }
  return { ok: true, e164: parsed.number, country: parsed.country };
}

/**
 * The country a campaign's timezone implies, used for numbers written without +country code
 * (Asia/Kolkata → IN, America/New_York → US). Zones shared by several countries answer the first
 * listed (Europe/London → GB); zones of no country (UTC) answer undefined.
 */
export function regionForTimezone(zone: string): CountryCode | undefined {
  const country = ct.getTimezone(zone)?.countries[0];
  return country ? (country as CountryCode) : undefined;
}

const INBOUND_DIGITS = /^(?:\+|00)?([1-9]\d{6,14})$/;

/**
 * An inbound campaign's number, or the number a carrier says was called, in the one form both are stored and
 * compared in: a phone number (with +, with the 00 international prefix, or bare digits starting with the country
 * code, as trunks send it) in E.164, through libphonenumber when it knows the number ("+44 (0)20…" and "+4420…"
 * are one), else its digits after + (fictional ranges such as 555-01xx); anything else (a SIP user such as
 * "sales" or extension "100") unchanged.
 */
export function inboundNumberE164(value: string): string {
  const digits = INBOUND_DIGITS.exec(value.trim().replace(/[\s().-]/g, ""))?.[1];
  if (!digits) return value;
  const known = normalizePhone(`+${digits}`, undefined);
  return known.ok ? known.e164 : `+${digits}`;
}
