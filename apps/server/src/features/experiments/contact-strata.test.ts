import assert from "node:assert/strict";
import { test } from "node:test";
import { contactZone } from "../calls/contact-zone.ts";
import { zonesOf } from "./contact-strata.ts";

test("zones read once per number prefix are the dialer's zones, number by number", () => {
  const phones = [
    "+919876543210",
    "+919876500001",
    "+447911123456",
    "+14158921234",
    "+12125550123",
    "+13125550123",
    "+971501234567",
    "+61412345678",
    "+16135550123", // Canada shares +1 with the US: told apart by the area code
  ];
  const zones = zonesOf(phones, "America/New_York");
  assert.deepEqual(
    zones,
    phones.map((p) => contactZone(p, "America/New_York")),
  );
  assert.equal(zones[0], "Asia/Kolkata");
  assert.equal(zones[3], "America/New_York", "the campaign's zone, being one of the country's");
  assert.notEqual(zones[8], undefined);
});
