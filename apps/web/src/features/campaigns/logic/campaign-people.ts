import { formatDmy } from "../../../lib/time-format.ts";

type People = { created_by_name?: string | null; updated_by_name?: string | null; updated_at?: string | null };

/**
 * The campaign view's line of who did what: "Created by Ada Lovelace · Changed by Grace Hopper, 25-11-2026 21:40".
 * An unknown person (an account since deleted) is left out rather than guessed. The time is on the viewer's clock.
 */
export function campaignPeopleLine(c: People, viewerZone: string): string {
  const when = formatDmy(c.updated_at, viewerZone, { time: true, fallback: "" });
  const parts: string[] = [];
  if (c.created_by_name) parts.push(`Created by ${c.created_by_name}`);
  if (c.updated_by_name) parts.push(`Changed by ${c.updated_by_name}${when ? `, ${when}` : ""}`);
  else if (when) parts.push(`Changed ${when}`);
  return parts.join(" · ");
}
