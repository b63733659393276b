/** Offset (ms) of `zone` from UTC at the instant `utcMs`. */
function zoneOffsetMs(utcMs: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(utcMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
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
