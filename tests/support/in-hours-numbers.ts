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

/**
 * Business hours in UTC that hold `at` with hours to spare on either side (from 2 h before to 4 h after, on the
 * half hours the form offers), for a campaign a test launches on the real clock: a fixed window such as
 * 00:00–23:30 is closed for half an hour every day, and a run that falls in it waits for the dialer in vain.
 */
export function businessHoursAroundNow(at: Date = new Date()): { timezone: "UTC"; start: string; end: string } {
  const halfHour = 30 * 60_000;
  const hhmm = (ms: number) => new Date(Math.floor(ms / halfHour) * halfHour).toISOString().slice(11, 16);
  return { timezone: "UTC", start: hhmm(at.getTime() - 2 * 3_600_000), end: hhmm(at.getTime() + 4 * 3_600_000) };
}

// Single-zone countries whose night hours (00:00–07:00) together cover every hour of the day.
const NIGHT_COUNTRIES = [
  ...COUNTRIES,
  { zone: "Asia/Kolkata", number: (i: number) => `+9198765${String(10_000 + i)}` },
  { zone: "Pacific/Fiji", number: (i: number) => `+67970${String(10_000 + i)}` },
];

/**
 * Phone numbers the dialer may not ring now, and for hours yet: it is night where they are (00:00–07:00),
 * so their calling hours open later today on their clock. With their zone, for a campaign set to it.
 */
export function numbersAtNightNow(count: number, at: Date = new Date()): { zone: string; numbers: string[] } {
  const now = DateTime.fromJSDate(at, { zone: "utc" });
  const country = NIGHT_COUNTRIES.find((c) => now.setZone(c.zone).hour < 7);
  if (!country) throw new Error("no test country is at night now");
  return { zone: country.zone, numbers: Array.from({ length: count }, (_, i) => country.number(i)) };
}
