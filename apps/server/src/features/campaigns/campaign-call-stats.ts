import type { CallStats } from "./campaign-view.ts";

/** Calls made and success rate (percent) per campaign id, for the list, the detail and the dashboard cards. */
export type CampaignCallStats = (orgId: string, campaignIds: string[]) => Promise<Map<string, CallStats>>;

/**
 * Until the calls table exists (it arrives with the dialer, in a later issue) no campaign has made a
 * call, so every campaign truly has 0 calls and 0% success. The dialer's issue replaces this function
 * with a count over its calls table (wired in entry/wire.ts); callers do not change.
 */
export const noCallsYet: CampaignCallStats = async (_orgId, ids) =>
  new Map(ids.map((id) => [id, { calls_made: 0, success_rate: 0 }]));
