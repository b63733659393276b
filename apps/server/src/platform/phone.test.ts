import { test } from "node:test";
import assert from "node:assert/strict";
import { normalizePhone, regionForTimezone } from "./phone.ts";

test("the campaign's timezone gives the default region", () => {
  assert.equal(regionForTimezone("Asia/Kolkata"), "IN");
  assert.equal(regionForTimezone("Asia/Dubai"), "AE");
  assert.equal(regionForTimezone("America/New_York"), "US");
  assert.equal(regionForTimezone("Etc/UTC"), undefined);
});

test("national numbers use the region; +country codes are honoured", () => {
  assert.deepEqual(normalizePhone("098765 43210", "IN"), { ok: true, e164: "+919876543210", country: "IN" });
  assert.deepEqual(normalizePhone("98765-43210", "IN"), { ok: true, e164: "+919876543210", country: "IN" });
  assert.deepEqual(normalizePhone("050 123 4567", "AE"), { ok: true, e164: "+971501234567", country: "AE" });
  assert.deepEqual(normalizePhone("+1 (415) 555-0123", "IN"), { ok: true, e164: "+14155550123", country: "US" });
  assert.deepEqual(normalizePhone("0044 20 7946 0958", "IN"), { ok: true, e164: "+442079460958", country: "GB" });
  assert.deepEqual(normalizePhone("0044 20 7946 0958", "US"), { ok: true, e164: "+442079460958", country: "GB" });
});

test("bad numbers say why", () => {
  assert.deepEqual(normalizePhone("  ", "IN"), { ok: false, reason: "Missing phone number" });
  assert.match((normalizePhone("12345", "IN") as { reason: string }).reason, /Invalid phone number "12345"/);
  assert.match((normalizePhone("call me", "IN") as { reason: string }).reason, /Invalid phone number/);
  assert.match((normalizePhone("9.19876E+11", "IN") as { reason: string }).reason, /scientific notation/);
  assert.match((normalizePhone("9876543210", undefined) as { reason: string }).reason, /no \+country code/);
  assert.deepEqual(normalizePhone("+919876543210", undefined), { ok: true, e164: "+919876543210", country: "IN" });
});

test("the do-not-call country picker offers exactly the regions libphonenumber reads", async () => {
  const { getCountries } = await import("libphonenumber-js/max");
  const { PHONE_REGIONS } = await import("@parley/shared/dnc");
  assert.deepEqual([...PHONE_REGIONS], getCountries());
});
