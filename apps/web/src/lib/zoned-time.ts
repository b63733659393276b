/**
 * Wall clocks of named zones: what an instant reads on a zone's clock, and which instant a zone's wall-clock time
 * is. Intl does both without a library; the browser's own zone is never assumed (the viewer's may be another).
 */

/** An instant's fields on a zone's clock; `weekday` 0 = Sunday. */
export type ZonedFields = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
};

/** Whether this browser knows `zone` by that IANA name (a stored name may come from another system). */
export function isKnownZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (zone: string) => {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      weekday: "short",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
};

/** The fields of `at` on `zone`'s clock; null for an unreadable instant. */
export function zonedFields(at: string | number | Date, zone: string): ZonedFields | null {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return null;
  const parts = formatterOf(zone).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return {
    year: Number(get("year")),
    month: Number(get("month")),
    day: Number(get("day")),
    hour: Number(get("hour")),
    minute: Number(get("minute")),
    second: Number(get("second")),
    weekday: WEEKDAYS.indexOf(get("weekday")),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-12-01": the day `at` falls on by `zone`'s clock; "" for an unreadable instant. */
export function dayKey(at: string | number | Date, zone: string): string {
  const f = zonedFields(at, zone);
  return f ? `${f.year}-${pad(f.month)}-${pad(f.day)}` : "";
}

/** Today on `zone`'s clock, as a date-only value (local midnight) for day arithmetic such as the calendar's grid. */
export function todayIn(zone: string, now = new Date()): Date {
  const f = zonedFields(now, zone)!;
  return new Date(f.year, f.month - 1, f.day);
}

/** Offset (ms) of `zone` from UTC at the instant `utcMs`. */
function zoneOffsetMs(utcMs: number, zone: string): number {
  const f = zonedFields(utcMs, zone)!;
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/**
 * A datetime-local value ("2025-03-01T10:00") read as wall-clock time in `zone` → ISO instant.
 * Empty or unreadable input gives null.
 */
export function zonedLocalToIso(local: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!m) return null;
  const guess = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  let utc = guess - zoneOffsetMs(guess, zone);
  utc = guess - zoneOffsetMs(utc, zone); // second pass settles DST edges
  return new Date(utc).toISOString();
}

/** An ISO instant → the datetime-local value of that instant's wall-clock time in `zone`. */
export function isoToZonedLocal(iso: string | null | undefined, zone: string): string {
  if (!iso) return "";
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return "";
  const local = new Date(ms + zoneOffsetMs(ms, zone));
  return local.toISOString().slice(0, 16);
}
