import type { CallStats } from "./campaign-view.ts";

/** Calls made and success rate (percent) per campaign id, for the list, the detail and the dashboard cards. */
export type CampaignCallStats = (orgId: string, campaignIds: string[]) => Promise<Map<string, CallStats>>;
