import type { ApiKey } from "@parley/shared/api-keys";
import { formatWhen } from "../../lib/time-format.ts";

/** The line under a key's name: when it was created and by whom, and when it was last used (viewer's clock). */
export function keyHistory(k: ApiKey, viewerZone: string): string {
  const shortTime = (iso: string) => formatWhen(iso, viewerZone);
  const created = `Created ${shortTime(k.created_at)}${k.created_by_name ? ` by ${k.created_by_name}` : ""}`;
  const used = k.last_used_at ? `last used ${shortTime(k.last_used_at)}` : "never used";
  return `${created} · ${used}`;
}

/** Why a key that is not revoked no longer works, or null when it works. */
export function keyStopped(k: ApiKey): string | null {
  if (k.revoked_at || k.created_by_is_member) return null;
  return `Stopped: ${k.created_by_name ?? "its creator"} left the team`;
}

export const SCOPE_LABELS: Record<ApiKey["scope"], string> = { read: "Read only", write: "Read and write" };
