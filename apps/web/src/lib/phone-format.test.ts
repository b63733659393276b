import assert from "node:assert/strict";
import { test } from "node:test";
import { formatPhone, formatPhonesIn } from "./phone-format.ts";

test("a number of another country is written internationally, grouped as its country writes it", () => {
  assert.equal(formatPhone("+919876543210"), "+91 98765 43210");
  assert.equal(formatPhone("+61293744000", "DE"), "+61 2 9374 4000");
  assert.equal(formatPhone("+14155550199", null), "+1 415 555 0199");
});

test("a number of the organisation's country is written as the team dials it at home", () => {
  assert.equal(formatPhone("+491712345678", "DE"), "0171 2345678");
  assert.equal(formatPhone("+61293744000", "AU"), "(02) 9374 4000");
  assert.equal(formatPhone("+14155550199", "US"), "(415) 555-0199");
  // Canada shares +1 with the US: a Toronto number in a US organisation stays international.
  assert.equal(formatPhone("+16135550100", "US"), "+1 613 555 0100");
});

test("what is not a possible number is shown as stored", () => {
  assert.equal(formatPhone("sales"), "sales");
  assert.equal(formatPhone("+1234"), "+1234");
  assert.equal(formatPhone("+4477009001010", "GB"), "+4477009001010");
  assert.equal(formatPhone("N/A"), "N/A");
  assert.equal(formatPhone(""), "");
});

test("numbers inside a sentence are written the same way; other digits are left alone", () => {
  const fmt = (raw: string) => formatPhone(raw, "AU");
  assert.equal(
    formatPhonesIn("Booked by the AI agent during a call to +61293744000. Room 12, +4915112345678", fmt),
    "Booked by the AI agent during a call to (02) 9374 4000. Room 12, +49 1511 2345678",
  );
});
