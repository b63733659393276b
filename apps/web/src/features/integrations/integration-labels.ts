import type { CaldavIntegration } from "@parley/shared/integrations";
import { formatWhen } from "../../lib/time-format.ts";

export const STATUS_LABELS: Record<CaldavIntegration["status"], string> = {
  connected: "Connected",
  unreachable: "Unreachable",
};

/** The line under the calendar's name: who it is read as, since when, and when it last answered or failed. */
export function caldavHistory(c: CaldavIntegration, viewerZone: string): string {
  const shortTime = (iso: string) => formatWhen(iso, viewerZone);
  const parts = [`Signed in as ${c.username}`, `connected ${shortTime(c.connected_at)}`];
  if (c.last_checked_at && c.last_checked_at !== c.connected_at)
    parts.push(`last checked ${shortTime(c.last_checked_at)}`);
  return parts.join(" · ");
}

/** Where people find their CalDAV address, shown under the address field. */
export const CALDAV_URL_EXAMPLES =
  "Fastmail: https://caldav.fastmail.com/ · iCloud: " +
  "https://caldav.icloud.com/ · Nextcloud: " +
  "https://cloud.example.com/remote.php/dav/";
