/**
 * The organisation's meeting link (Settings), the only source of links on meetings the agent books. Links are real
 * or absent (DESIGN.md): "room" is one address the team owns (a Zoom personal room), "on_demand" a host that opens
 * any room it is sent to (meet.jit.si), where each meeting gets a room of its own; "none" books meetings without one.
 * The Settings form and the API check an address with the same rules and messages.
 */
import { z } from "zod";

export const MEETING_LINK_KINDS = ["none", "room", "on_demand"] as const;
export const MeetingLinkKind = z.enum(MEETING_LINK_KINDS);
export type MeetingLinkKind = z.infer<typeof MeetingLinkKind>;

export const MeetingLinkMessages = {
  kind: 'The meeting link must be "none", "room" or "on_demand".',
  roomRequired: "Enter your room's address, e.g. https://zoom.us/j/1234567890.",
  hostRequired: "Enter the host that opens rooms on demand, e.g. https://meet.jit.si.",
  url: "The meeting link must be a web address such as https://meet.jit.si.",
  https: "The meeting link must start with https:// (attendees' browsers refuse others).",
  host: "The meeting link needs a real host name, such as meet.jit.si.",
  credentials: "The meeting link must not contain a user name or password: attendees would all see it.",
  hostParts: "A rooms-on-demand host may not end in ? or # parts: each meeting's room name is added after it.",
  long: "The meeting link may be at most 500 characters.",
} as const;

/** A dotted name of letters, digits and hyphens ending in a letter label: not "localhost", not an IP address. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/** What is wrong with `url` as the link of this kind, or null when nothing is. */
export function meetingLinkProblem(kind: MeetingLinkKind, url: string | null): string | null {
  if (kind === "none") return null;
  if (!url) return kind === "room" ? MeetingLinkMessages.roomRequired : MeetingLinkMessages.hostRequired;
  if (url.length > 500) return MeetingLinkMessages.long;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return MeetingLinkMessages.url;
  }
  if (parsed.protocol !== "https:") return MeetingLinkMessages.https;
  if (parsed.username || parsed.password) return MeetingLinkMessages.credentials;
  if (!DOMAIN.test(parsed.hostname)) return MeetingLinkMessages.host;
  if (kind === "on_demand" && (parsed.search || parsed.hash || url.includes("?") || url.includes("#")))
    return MeetingLinkMessages.hostParts;
  return null;
}

/** The address as stored: trimmed, an on-demand host without the trailing "/" its room names are joined with. */
export function normalizeMeetingLink(kind: MeetingLinkKind, url: string | null): string | null {
  if (kind === "none" || !url) return null;
  const trimmed = url.trim();
  return kind === "on_demand" ? trimmed.replace(/\/+$/, "") : trimmed;
}
