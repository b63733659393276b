/** One campaign as the list shows it, in the table (desktop) and the cards (phone). */
export type CampaignRow = {
  id: string;
  name: string;
  type: string;
  maxAttempts: number | null;
  timeGapSeconds: number | null;
  startAt: string | null;
  endAt: string | null;
  status: string;
  createdAt: string | null;
  /** The creator's name; null when unknown (e.g. their account was deleted). */
  createdBy: string | null;
};
