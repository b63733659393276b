/**
 * PROVISIONAL fetch for the Active Campaigns cards, written before apps/web/src/lib/api-client.ts existed.
 * Active and paused campaigns, with the server's calls_made and success_rate.
 */
import { formatDmy } from "../../lib/time-format.ts";

export type ActiveCampaign = {
  id: string;
  name: string;
  status: string;
  updated_at: string | null;
  calls_made: number;
  success_rate: number;
};

async function fetchStatus(status: string): Promise<ActiveCampaign[]> {
  const headers: Record<string, string> = {};
  const token = localStorage.getItem("authToken");
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api/campaigns?status=${status}&page=1&page_size=50`, { headers });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as { campaigns: ActiveCampaign[] };
  return body.campaigns;
}

export async function listActiveCampaigns(): Promise<ActiveCampaign[]> {
  const [active, paused] = await Promise.all([fetchStatus("active"), fetchStatus("paused")]);
  return [...active, ...paused];
}

/** The card's last-updated date: dd-mm-yyyy (spec) on the viewer's clock, or 'Unknown'. */
export const formatCardDate = (iso: string | null | undefined, viewerZone: string): string =>
  formatDmy(iso, viewerZone, { fallback: "Unknown" });

/** 'Calls: x · Success: y%' with the success rate rounded to a whole percent (the spec's " . " read as a typo). */
export function cardStats(c: Pick<ActiveCampaign, "calls_made" | "success_rate">): string {
  const rate = Number.isFinite(c.success_rate) ? Math.round(c.success_rate) : 0;
  return `Calls: ${c.calls_made ?? 0} · Success: ${rate}%`;
}
