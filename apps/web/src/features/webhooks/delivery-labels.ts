import type { WebhookDelivery } from "@parley/shared/webhooks";
import { formatWhen } from "../../lib/time-format.ts";

/** What a delivery's status chip says: the answer it got, or why it is waiting or gave up. */
export function deliveryStatusLabel(d: WebhookDelivery): {
  text: string;
  color: "success" | "warning" | "error" | "default";
} {
  const answer = d.last_status_code !== null ? `HTTP ${d.last_status_code}` : (d.last_error ?? "");
  if (d.status === "delivered") return { text: `Delivered · ${answer}`, color: "success" };
  if (d.status === "failed") return { text: `Failed · ${answer}`, color: "error" };
  if (d.attempts === 0) return { text: "Sending…", color: "default" };
  return { text: `Retrying · ${answer}`, color: "warning" };
}

/** A delivery's moment on the viewer's clock, to the second (retries come seconds apart); "" for none. */
export const deliveryTime = (iso: string | null, viewerZone: string) =>
  formatWhen(iso, viewerZone, { seconds: true, fallback: "" });
