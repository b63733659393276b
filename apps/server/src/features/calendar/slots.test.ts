import { test, describe } from "node:test";
import assert from "node:assert/strict";
import { businessWindows, checkBooking, freeSlots } from "./slots.ts";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const hours = { start: "09:00", end: "17:00" };
const NY = "America/New_York";

describe("business windows", () => {
  test("09:00–17:00 New York is 14:00–22:00 UTC in winter and 13:00–21:00 in summer", () => {
    const [winter] = businessWindows("2030-01-15", "2030-01-15", hours, NY);
    assert.deepEqual([iso(winter!.start), iso(winter!.end)], ["2030-01-15T14:00:00.000Z", "2030-01-15T22:00:00.000Z"]);
    const [summer] = businessWindows("2030-07-15", "2030-07-15", hours, NY);
    assert.deepEqual([iso(summer!.start), iso(summer!.end)], ["2030-07-15T13:00:00.000Z", "2030-07-15T21:00:00.000Z"]);
  });

  test("across the March DST change (2030-03-10) the local hours stay 09:00–17:00", () => {
    const windows = businessWindows("2030-03-09", "2030-03-11", hours, NY);
    assert.deepEqual(
      windows.map((w) => iso(w.start)),
      ["2030-03-09T14:00:00.000Z", "2030-03-10T13:00:00.000Z", "2030-03-11T13:00:00.000Z"],
    );
    assert.ok(windows.every((w) => w.end - w.start === 8 * 3_600_000));
  });

  test("across the November DST change (2030-11-03) too; a window spanning the jump is an hour longer", () => {
    const windows = businessWindows("2030-11-02", "2030-11-04", hours, NY);
    assert.deepEqual(
      windows.map((w) => iso(w.start)),
      ["2030-11-02T13:00:00.000Z", "2030-11-03T14:00:00.000Z", "2030-11-04T14:00:00.000Z"],
    );
    const [overnight] = businessWindows("2030-11-03", "2030-11-03", { start: "00:00", end: "05:00" }, NY);
    assert.equal(overnight!.end - overnight!.start, 6 * 3_600_000, "01:00–02:00 happens twice that night");
  });

  test("half-hour offsets (Asia/Kolkata, UTC+5:30) keep local :00/:30 boundaries", () => {
    const windows = businessWindows("2030-01-15", "2030-01-15", { start: "09:00", end: "10:30" }, "Asia/Kolkata");
    const slots = freeSlots({ windows, busy: [], durationMinutes: 30, zone: "Asia/Kolkata" });
    assert.deepEqual(
      slots.map((s) => iso(s.start)),
      ["2030-01-15T03:30:00.000Z", "2030-01-15T04:00:00.000Z", "2030-01-15T04:30:00.000Z"],
    );
  });
});

describe("free slots", () => {
  const windows = businessWindows("2030-01-15", "2030-01-15", hours, "UTC");

  test("every half hour where the meeting fits, minus busy time, never in the past", () => {
    const busy = [{ start: at("2030-01-15T10:00:00Z"), end: at("2030-01-15T11:15:00Z") }];
    const slots = freeSlots({ windows, busy, durationMinutes: 60, notBefore: at("2030-01-15T08:45:00Z"), zone: "UTC" });
    assert.deepEqual(
      slots.map((s) => iso(s.start).slice(11, 16)),
      ["09:00", "11:30", "12:00", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00"],
    );
    assert.equal(
      freeSlots({ windows, busy: [], durationMinutes: 30, notBefore: at("2030-01-15T16:31:00Z"), zone: "UTC" }).length,
      0,
    );
  });

  test("a meeting ending exactly when a slot starts does not block it", () => {
    const busy = [{ start: at("2030-01-15T09:00:00Z"), end: at("2030-01-15T09:30:00Z") }];
    const slots = freeSlots({ windows, busy, durationMinutes: 30, zone: "UTC" });
    assert.equal(iso(slots[0]!.start), "2030-01-15T09:30:00.000Z");
  });

  test("a day fully booked has no slots; a meeting longer than the day has none either", () => {
    const busy = [{ start: at("2030-01-15T08:00:00Z"), end: at("2030-01-15T18:00:00Z") }];
    assert.deepEqual(freeSlots({ windows, busy, durationMinutes: 30, zone: "UTC" }), []);
    assert.deepEqual(freeSlots({ windows, busy: [], durationMinutes: 9 * 60, zone: "UTC" }), []);
  });
});

describe("booking check", () => {
  const now = at("2030-03-08T12:00:00Z"); // Friday before the March DST change
  const base = { durationMinutes: 30, hours, zone: NY, now };

  test("a free time inside business hours may be booked", () => {
    // Mon 09:00 EDT
    assert.deepEqual(checkBooking({ ...base, start: at("2030-03-11T13:00:00Z"), busy: [] }), { ok: true });
  });

  test("09:00 local on the day after spring-forward is 13:00 UTC, not 14:00", () => {
    const r = checkBooking({
      ...base,
      start: at("2030-03-11T14:00:00Z"),
      busy: [],
      hours: { start: "09:00", end: "10:00" },
    });
    assert.equal(r.ok, false, "14:00 UTC is 10:00 EDT, outside 09:00–10:00");
    assert.ok(!r.ok && r.reason === "outside_hours");
  });

  test("a taken time books nothing and proposes the nearest free slots around it", () => {
    const busy = [{ start: at("2030-03-11T15:00:00Z"), end: at("2030-03-11T16:00:00Z") }]; // 11:00–12:00 EDT
    const r = checkBooking({ ...base, start: at("2030-03-11T15:00:00Z"), busy });
    assert.ok(!r.ok);
    assert.equal(r.reason, "conflict");
    assert.deepEqual(
      r.alternatives.map((s) => iso(s.start)),
      ["2030-03-11T14:00:00.000Z", "2030-03-11T14:30:00.000Z", "2030-03-11T16:00:00.000Z"],
    );
  });

  test("outside hours (20:00 local) proposes the nearest slots: that afternoon's last ones", () => {
    const r = checkBooking({ ...base, start: at("2030-03-12T00:00:00Z"), busy: [] }); // Mon 20:00 EDT
    assert.ok(!r.ok && r.reason === "outside_hours");
    assert.deepEqual(
      r.alternatives.map((s) => iso(s.start)),
      ["2030-03-11T19:30:00.000Z", "2030-03-11T20:00:00.000Z", "2030-03-11T20:30:00.000Z"],
    );
    const late = checkBooking({ ...base, start: at("2030-03-12T10:00:00Z"), busy: [] }); // Tue 06:00 EDT
    assert.ok(!late.ok);
    assert.equal(
      iso(late.alternatives[0]!.start),
      "2030-03-12T13:00:00.000Z",
      "06:00 is nearer 09:00 than yesterday's 16:30",
    );
  });

  test("a time in the past is refused and only future slots are proposed", () => {
    const r = checkBooking({ ...base, start: at("2030-03-07T15:00:00Z"), busy: [] }); // yesterday 10:00 EST
    assert.ok(!r.ok && r.reason === "in_past");
    assert.ok(r.alternatives.every((s) => s.start >= now));
    assert.equal(
      iso(r.alternatives[0]!.start),
      "2030-03-08T14:00:00.000Z",
      "today 09:00 EST, the first slot after now (07:00 EST)",
    );
  });

  test("November fall-back: 09:00 EST on 2030-11-04 is 14:00 UTC", () => {
    const r = checkBooking({
      ...base,
      now: at("2030-11-01T00:00:00Z"),
      start: at("2030-11-04T14:00:00Z"),
      busy: [],
      hours: { start: "09:00", end: "09:30" },
    });
    assert.deepEqual(r, { ok: true });
  });
});

describe("a meeting inside the team's hours and the contact's, both", () => {
  // A Berlin team (09:00–17:00, UTC+1 in December) and a Sydney contact (08:00–21:00, UTC+11): only 09:00–11:00
  // Berlin is both. 13:00 Berlin is 23:00 in Sydney.
  const base = {
    durationMinutes: 30,
    hours,
    zone: "Europe/Berlin",
    busy: [],
    now: at("2030-12-01T00:00:00Z"),
    contactHours: { hours: { start: "08:00", end: "21:00" }, zone: "Australia/Sydney" },
  };

  test("a time late at night for the contact is refused, and the slots offered suit both", () => {
    const r = checkBooking({ ...base, start: at("2030-12-03T12:00:00Z") });
    assert.ok(!r.ok && r.reason === "outside_hours");
    for (const s of r.alternatives) {
      const berlin = new Date(s.start).toLocaleTimeString("en-GB", { timeZone: "Europe/Berlin", hour12: false });
      assert.ok(berlin >= "09:00" && berlin < "11:00", `${iso(s.start)} is ${berlin} in Berlin`);
    }
  });

  test("10:00 Berlin (20:00 in Sydney) can be booked", () => {
    assert.deepEqual(checkBooking({ ...base, start: at("2030-12-03T09:00:00Z") }), { ok: true });
  });
});
