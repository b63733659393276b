import type { CrmSyncStatus } from "@parley/shared/crm-sync";
import { formatWhen } from "../../lib/time-format.ts";

export type CrmSyncLine = { text: string; tone: "success" | "warning" | "error"; reconnect: boolean };

const CRM_NAMES: Record<CrmSyncStatus["provider"], string> = { hubspot: "HubSpot" };
const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/**
 * What the call log says of a call's results in the CRM its contact came from; null for a contact not from a
 * CRM. `reconnect` asks for the way to Settings → Integrations. Times on the viewer's clock.
 */
export function crmSyncLine(sync: CrmSyncStatus | null, viewerZone: string): CrmSyncLine | null {
  if (!sync) return null;
  const when = (iso: string) => formatWhen(iso, viewerZone);
  const crm = CRM_NAMES[sync.provider];
  switch (sync.state) {
    case "synced":
      return {
        text: `Synced to ${crm} on ${when(sync.synced_at ?? new Date().toISOString())}.`,
        tone: "success",
        reconnect: false,
      };
    case "pending": {
      const next = sync.next_attempt_at ? `next try ${when(sync.next_attempt_at)}` : "it is being sent";
      const why = sync.last_error ? `${sentence(sync.last_error).slice(0, -1)}, ` : "";
      return { text: `Waiting to sync to ${crm}: ${why}${next}.`, tone: "warning", reconnect: false };
    }
    case "failed":
      return {
        text:
          `Not synced: ${sentence(sync.last_error ?? `${crm} refused it`)} Test ` +
          "the connection in Settings → Integrations to try again.",
        tone: "error",
        reconnect: true,
      };
    case "reconnect":
      return {
        text: `Not synced: ${crm} needs reconnecting. The call's results are kept and sent once it is connected again.`,
        tone: "error",
        reconnect: true,
      };
    case "not_connected":
      return {
        text: `Not synced: ${crm} is not connected. The call's results are kept and sent once it is connected again.`,
        tone: "error",
        reconnect: true,
      };
  }
}
