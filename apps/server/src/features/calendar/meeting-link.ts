import crypto from "node:crypto";
import type { MeetingLinkKind } from "@parley/shared/meeting-link";

/** The organisation's meeting link as Settings saved it (settings.service.ts `meetingLink`). */
export type MeetingLinkSetting = { kind: MeetingLinkKind; url: string | null };

/** RFC 4648's base32 letters, lower-cased: URL-safe and read aloud without 0/O or 1/l mix-ups. */
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** "parley-" and 10 base32 letters from the system's random source (50 bits): no one guesses another's room. */
export function randomRoomName(): string {
  const bytes = crypto.randomBytes(10);
  return `parley-${Array.from(bytes, (b) => BASE32[b & 31]).join("")}`;
}

/**
 * The link of a meeting the agent books: the team's own room as it is, a new room under an on-demand host (so two
 * meetings never share one), or null when none is set. Never a link made up from anything else (DESIGN.md).
 */
export function meetingUrlFor(setting: MeetingLinkSetting | null | undefined): string | null {
  if (!setting?.url) return null;
  if (setting.kind === "room") return setting.url;
  if (setting.kind === "on_demand") return `${setting.url.replace(/\/+$/, "")}/${randomRoomName()}`;
  return null;
}
