/**
 * The one way the web app writes a time: on the viewer's clock (the organisation's default zone, else the
 * browser's), saying the zone whenever the time is on another clock than the viewer's.
 */

/** "in 5 h 38 min", "in 12 min", "in under a minute". */
export function untilText(iso: string, now: Date): string {
  const minutes = Math.ceil((new Date(iso).getTime() - now.getTime()) / 60_000);
  if (minutes <= 1) return "in under a minute";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h >= 48) return `in ${Math.round(h / 24)} days`;
  return h ? `in ${h} h ${m} min` : `in ${m} min`;
}

/** The browser's own zone. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const parts = (d: Date, zone: string, seconds: boolean) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      ...(seconds ? { second: "2-digit" } : {}),
      hourCycle: "h23",
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}${seconds ? `:${p.second}` : ""}` };
};

/** Options of a shown time: `zone` the clock it is on (the viewer's when not given). */
export type TimeShown = { zone?: string; seconds?: boolean };
const suffix = (zone: string | undefined, viewerZone: string) => (zone && zone !== viewerZone ? ` (${zone})` : "");

/** "2026-12-01 13:22", on `zone` or the viewer's clock; "(Australia/Sydney)" added when not the viewer's. */
export function formatDateTime(iso: string, viewerZone: string, opts: TimeShown = {}): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "N/A";
  const p = parts(d, opts.zone ?? viewerZone, opts.seconds ?? false);
  return `${p.date} ${p.time}${suffix(opts.zone, viewerZone)}`;
}

/** "13:22", on `zone` or the viewer's clock; the zone added when not the viewer's. */
export function formatClock(iso: string, viewerZone: string, opts: TimeShown = {}): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "N/A";
  return `${parts(d, opts.zone ?? viewerZone, opts.seconds ?? false).time}${suffix(opts.zone, viewerZone)}`;
}
