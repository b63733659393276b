import assert from "node:assert/strict";
import { test } from "node:test";
import { budgetColumn, servicesProductColumn, startInZone } from "./call-history-fields.ts";

test("Services/Product and Budget read the contact's CSV columns whatever their case and spacing", () => {
  assert.equal(servicesProductColumn({ services_product: "Solar roof", company: "Acme" }), "Solar roof");
  assert.equal(servicesProductColumn({ SERVICE: " Rooftop " }), "Rooftop");
  assert.equal(
    servicesProductColumn({ product: "Heat pump", service: "Install" }),
    "Install",
    "service before product",
  );
  assert.equal(
    servicesProductColumn({ "Services / Product": "Both", product: "p" }),
    "Both",
    "the combined column wins",
  );
  assert.equal(servicesProductColumn({ company: "Acme" }), "");
  assert.equal(servicesProductColumn({ service: "  " }), "", "a blank cell is no value");
  assert.equal(servicesProductColumn(null), "");
  assert.equal(budgetColumn({ Budget: "$12,000" }), "$12,000");
  assert.equal(budgetColumn({ budget_range: "1-2k" }), "", "only the column named Budget");
});

test("the start is written in the campaign's zone, UTC without one or for an unknown name", () => {
  const at = new Date("2026-03-01T21:15:00Z");
  assert.deepEqual(startInZone(at, "Asia/Kolkata"), { date: "2026-03-02", time: "02:45", timezone: "Asia/Kolkata" });
  assert.deepEqual(startInZone(at, "America/New_York"), {
    date: "2026-03-01",
    time: "16:15",
    timezone: "America/New_York",
  });
  assert.deepEqual(startInZone(new Date("2026-03-01T00:05:00Z"), null), {
    date: "2026-03-01",
    time: "00:05",
    timezone: "UTC",
  });
  assert.deepEqual(startInZone(at, "Mars/Olympus"), { date: "2026-03-01", time: "21:15", timezone: "UTC" });
});
