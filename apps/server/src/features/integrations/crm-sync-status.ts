import type { CrmSyncStatus } from "@parley/shared/crm-sync";
import type { CrmWriteRow } from "./crm-sync.repo.ts";
import { RECONNECT } from "./hubspot.service.ts";

const DISCONNECTED =
  "HubSpot was disconnected: connect it again in Settings → Integrations and this call's results are sent.";

/**
 * One line's worth for the call log out of a call's queued writes (its call activity, meeting, opt-out). What
 * a person must do comes first (reconnect), then what cannot be sent, then what is still waiting.
 */
export function summarizeCrmWrites(rows: CrmWriteRow[]): CrmSyncStatus | null {
  const first = rows[0];
  if (!first) return null;
  const base = { provider: first.provider, synced_at: null, next_attempt_at: null, last_error: null };
  const open = rows.filter((r) => r.status !== "synced");
  if (!open.length) {
    const last = Math.max(...rows.map((r) => r.synced_at?.getTime() ?? 0));
    return { ...base, state: "synced", synced_at: new Date(last).toISOString() };
  }
  if (first.connection === null) return { ...base, state: "not_connected", last_error: DISCONNECTED };
  if (first.connection === "reconnect") return { ...base, state: "reconnect", last_error: RECONNECT };
  const failed = open.find((r) => r.status === "failed");
  if (failed) return { ...base, state: "failed", last_error: failed.last_error };
  const next = Math.min(...open.map((r) => r.next_attempt_at.getTime()));
  return {
    ...base,
    state: "pending",
    next_attempt_at: new Date(next).toISOString(),
    last_error: open.find((r) => r.last_error)?.last_error ?? null,
  };
}
