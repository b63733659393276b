import type { WhatsAppContact, WhatsAppMessage } from "@parley/shared/whatsapp";

const pad = (n: number) => String(n).padStart(2, "0");

/** dd/mm/yy in the browser's zone, as the list shows it; "" for no date. */
export function shortDate(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ""
    : `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${String(d.getFullYear()).slice(-2)}`;
}

/** 12-hour clock: "9:05 AM". */
export function time12(iso: string): string {
  const d = new Date(iso);
  const h = d.getHours() % 12 || 12;
  return `${h}:${pad(d.getMinutes())} ${d.getHours() < 12 ? "AM" : "PM"}`;
}

/** The date line above each day's messages: "Today", "Yesterday", else "Mon, 2 Mar 2026". */
export function dayLabel(iso: string, now = new Date()): string {
  const d = new Date(iso);
  const day = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const diff = Math.round((day(now) - day(d)) / 86_400_000);
  if (diff === 0) return "Today";
  if (diff === 1) return "Yesterday";
  return d.toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric" });
}

export type DayGroup = { key: string; label: string; messages: WhatsAppMessage[] };

/** Consecutive messages of the same local day, each group headed by its date line. */
export function groupByDay(messages: WhatsAppMessage[], now = new Date()): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const m of messages) {
    const d = new Date(m.timestamp);
    const key = `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
    const last = groups[groups.length - 1];
    if (last?.key === key) last.messages.push(m);
    else groups.push({ key, label: dayLabel(m.timestamp, now), messages: [m] });
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
