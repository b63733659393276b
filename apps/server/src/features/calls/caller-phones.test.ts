import assert from "node:assert/strict";
import { test } from "node:test";
import { callerPhones } from "./caller-phones.ts";

test("a caller's number with a country code is taken as sent", () => {
  assert.deepEqual(callerPhones("+44 20 7123 4567", "America/New_York"), ["+442071234567"]);
  assert.deepEqual(callerPhones("0044 20 7123 4567", "America/New_York"), ["+442071234567"]);
  assert.deepEqual(callerPhones("011 44 20 7123 4567", "America/New_York"), ["+442071234567"]); // the US exit code
});

test("a national number is read in the country of the campaign's time zone, not as '+digits'", () => {
  assert.deepEqual(callerPhones("2125550123", "America/New_York"), ["+12125550123"]); // was +2125550123 (Morocco)
  assert.deepEqual(callerPhones("020 7123 4567", "Europe/London"), ["+442071234567"]); // was refused (leading 0)
  assert.deepEqual(callerPhones("09123456789", "Asia/Kolkata"), ["+919123456789"]);
});

test("E.164 without the plus still reads as international when that is the valid reading", () => {
  assert.deepEqual(callerPhones("12125550123", "America/New_York"), ["+12125550123"]);
  assert.deepEqual(callerPhones("442071234567", "America/New_York"), ["+442071234567"]);
  assert.deepEqual(callerPhones("442071234567", "Europe/London"), ["+442071234567"]);
});

test("when no reading is a valid number both guesses are kept, the national one first", () => {
  // 555-01XX numbers are fictional (and used throughout the tests): invalid in the library's data.
  assert.deepEqual(callerPhones("5550102030", "America/New_York"), ["+15550102030", "+5550102030"]);
  assert.deepEqual(callerPhones("15550102030", "UTC"), ["+15550102030"]); // no country: the digits as E.164
});

test("a withheld or non-numeric caller has no number", () => {
  for (const from of ["anonymous", "sales", "", "12345", "+0123456789"])
    assert.deepEqual(callerPhones(from, "Europe/London"), [], from);
});
