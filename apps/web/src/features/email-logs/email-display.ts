import type { EmailThreadSummary } from "@parley/shared/email-logs";
import { formatWhen } from "../../lib/time-format.ts";

/** "Mar 3, 2026, 10:15 AM" on the viewer's clock; "" for a missing or broken date. */
export const emailDate = (iso: string, viewerZone: string): string => formatWhen(iso, viewerZone, { fallback: "" });

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
