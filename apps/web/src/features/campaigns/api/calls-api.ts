import { PlacedCall } from "@parley/shared/calls";
import { api } from "../../../lib/api-client.ts";

/** Rings one contact now under the dialer's rules; a refusal is an ApiRequestError whose message says why. */
export function callContactNow(campaignId: string, contactId: string): Promise<PlacedCall> {
  return api("/calls", {
    method: "POST",
    body: { campaign_id: campaignId, contact_id: contactId },
    schema: PlacedCall,
  });
}
