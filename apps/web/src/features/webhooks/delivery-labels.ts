import type { WebhookDelivery } from "@parley/shared/webhooks";

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

/** A timestamp in the viewer's locale, short enough for a phone. */
export const shortTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString(undefined, {
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      })
    : "";
