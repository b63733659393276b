import type { EmailThreadSummary } from "@parley/shared/email-logs";

/** "3 Mar 2026, 10:15 AM" in the browser's zone; "" for a missing or broken date. */
export function emailDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  });
}

/** Case-insensitive match on the address and the subject. */
export function matchesThread(t: EmailThreadSummary, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || t.email.toLowerCase().includes(q) || t.subject.toLowerCase().includes(q);
}

/** 'N Conversations', or 'x of N' while a search narrows the list. */
export function countLine(shown: number, total: number, searching: boolean): string {
  if (searching) return `${shown} of ${total}`;
  return `${total} ${total === 1 ? "Conversation" : "Conversations"}`;
}
