import type { WhatsAppContact, WhatsAppMessage } from "@parley/shared/whatsapp";
import { formatDmy, formatLongDate } from "../../lib/time-format.ts";
import { dayKey } from "../../lib/zoned-time.ts";

// The spec fixes the list's dd/mm/yy and the bubbles' 12-hour time (lib/time-format.ts's formatTime12); both are
// on the viewer's clock, like every other list.

/** dd/mm/yy on the viewer's clock, as the list shows it; "" for no date. */
export const shortDate = (iso: string | null, viewerZone: string): string =>
  formatDmy(iso, viewerZone, { separator: "/", shortYear: true, fallback: "" });

/** The date line above each day's messages: "Today", "Yesterday", else "Sunday, March 1, 2026" (viewer's days). */
export function dayLabel(iso: string, viewerZone: string, now = new Date()): string {
  const diff = Math.round((Date.parse(dayKey(now, viewerZone)) - Date.parse(dayKey(iso, viewerZone))) / 86_400_000);
  if (diff === 0) return "Today";
  if (diff === 1) return "Yesterday";
  return formatLongDate(iso, viewerZone);
}

export type DayGroup = { key: string; label: string; messages: WhatsAppMessage[] };

/** Consecutive messages of the same day on the viewer's clock, each group headed by its date line. */
export function groupByDay(messages: WhatsAppMessage[], viewerZone: string, now = new Date()): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const m of messages) {
    const key = dayKey(m.timestamp, viewerZone);
    const last = groups[groups.length - 1];
    if (last?.key === key) last.messages.push(m);
    else groups.push({ key, label: dayLabel(m.timestamp, viewerZone, now), messages: [m] });
  }
  return groups;
}

/** Case-insensitive match on number (digits too), name and last message. */
export function matchesContact(c: WhatsAppContact, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const digits = q.replace(/\D/g, "");
  return (
    c.name.toLowerCase().includes(q) ||
    c.phone.toLowerCase().includes(q) ||
    (digits.length > 0 && c.phone.replace(/\D/g, "").includes(digits)) ||
    (c.last_message ?? "").toLowerCase().includes(q)
  );
}
