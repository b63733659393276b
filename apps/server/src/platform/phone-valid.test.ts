import { test } from "node:test";
import assert from "node:assert/strict";
import { parsePhoneNumberFromString, getCountries, type CountryCode } from "libphonenumber-js/max";
import { isValidPhone } from "./phone-valid.ts";

// A fixed seed: the same numbers every run, so a difference is reproducible.
function random(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

test("isValidPhone agrees with the library's isValid() on numbers of every country", () => {
  const rnd = random(20261123);
  const countries = getCountries();
  let valid = 0;
  let checked = 0;
  for (let i = 0; i < 60_000; i++) {
    const country = countries[Math.floor(rnd() * countries.length)] as CountryCode;
    const digits = Array.from({ length: 6 + Math.floor(rnd() * 8) }, () => Math.floor(rnd() * 10)).join("");
    // National, with a trunk 0, and international forms.
    const text = [digits, "0" + digits, "+" + digits][i % 3]!;
    const parsed = parsePhoneNumberFromString(text, country);
    if (!parsed) continue;
    checked++;
    const expected = parsed.isValid();
    if (expected) valid++;
    assert.equal(isValidPhone(parsed), expected, `${text} (${country}) → ${parsed.number}`);
  }
  assert.ok(
    checked > 40_000 && valid > 2_000 && checked - valid > 2_000,
    `both kinds were compared: ${valid} valid of ${checked}`,
  );
});

test("mobile, fixed-line, toll-free and shared-code numbers", () => {
  for (const [text, country, ok] of [
    ["+919876543210", "IN", true],
    ["+911123456789", "IN", true],
    ["+91 1800 123 4567", "IN", true],
    ["+915123", "IN", false],
    ["+14155550123", "US", true],
    ["+1 800 555 0199", "US", true],
    ["+15555555555", "US", false],
    ["+16045550123", "CA", true],
    ["+447624369230", "GB", true],
    ["+442079460958", "GB", true],
    ["+971501234567", "AE", true],
    ["+97150123", "AE", false],
  ] as const) {
    const parsed = parsePhoneNumberFromString(text, country)!;
    assert.equal(isValidPhone(parsed), ok, text);
    assert.equal(parsed.isValid(), ok, `${text} (library)`);
  }
});
