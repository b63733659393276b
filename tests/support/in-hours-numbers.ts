import { DateTime } from "luxon";

// Single-zone countries whose 08:00–21:00 together cover every hour of the day, with valid mobile ranges.
const COUNTRIES = [
  { zone: "Asia/Tokyo", number: (i: number) => `+8190${String(10_000_000 + i)}` },
  { zone: "Europe/London", number: (i: number) => `+447911${String(100_000 + i)}` },
  { zone: "America/Bogota", number: (i: number) => `+57300${String(1_000_000 + i)}` },
];

/**
 * Phone numbers the dialer may ring right now: the contact-local 08:00–21:00 rule applies to real
 * processes on the real clock, so tests pick a country where it is comfortably daytime. A test whose app
 * runs on another clock passes that clock's time as `at`.
 */
export function numbersInHoursNow(count: number, offset = 0, at: Date = new Date()): string[] {
  const now = DateTime.fromJSDate(at, { zone: "utc" });
  const country = COUNTRIES.find((c) => {
    const h = now.setZone(c.zone).hour;
    return h >= 9 && h < 19;
  });
  if (!country) throw new Error("no test country is in daytime now");
  return Array.from({ length: count }, (_, i) => country.number(offset + i));
}
