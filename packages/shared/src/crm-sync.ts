import { z } from "zod";

/**
 * Where a call's results stand in the CRM it came from (its call activity, the meeting it booked, an opt-out):
 * synced: all written; pending: waiting for the next try (`last_error` says why the last failed, `next_attempt_at`
 * when); failed: the CRM refused for good (`last_error`); reconnect: the CRM refused the token, nothing is sent
 * until it is connected again; not_connected: the CRM was disconnected meanwhile. Both keep the writes queued.
 */
export const CRM_SYNC_STATES = ["synced", "pending", "failed", "reconnect", "not_connected"] as const;
export const CrmSyncState = z.enum(CRM_SYNC_STATES);
export type CrmSyncState = z.infer<typeof CrmSyncState>;

export const CrmSyncStatus = z.object({
  /** The CRM the contact was imported from (only HubSpot so far). */
  provider: z.enum(["hubspot"]),
  state: CrmSyncState,
  /** When the last write was done, once all are (ISO 8601). */
  synced_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type CrmSyncStatus = z.infer<typeof CrmSyncStatus>;
