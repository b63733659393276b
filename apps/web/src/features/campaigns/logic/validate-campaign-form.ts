import { CampaignMessages, MAX_CONCURRENT_CALLS_MAX, MAX_CONCURRENT_CALLS_MIN } from "@parley/shared/campaigns";
import { normalizeTransferTarget, TRANSFER_TO_MESSAGE } from "@parley/shared/call-transfer";
import { INBOUND_NUMBER_MESSAGE, INBOUND_NUMBER_REQUIRED, normalizeInboundNumber } from "@parley/shared/inbound-number";
import type { CampaignFormValues } from "./campaign-form.ts";

/** Empty (the organisation's limit) or a whole number from 1 to 1000. */
function validLimit(text: string): boolean {
  const t = text.trim();
  if (!t) return true;
  const n = Number(t);
  return /^\d+$/.test(t) && n >= MAX_CONCURRENT_CALLS_MIN && n <= MAX_CONCURRENT_CALLS_MAX;
}

/** Spec §5 "Campaign submit": the first failing rule's message, in the spec's order; null when valid. */
export function validateCampaignForm(f: CampaignFormValues): string | null {
  if (!f.campaignName.trim()) return "Campaign name is required";
  if (f.campaignMode === "schedule") {
    if (!f.startDate) return "Start date is required for scheduled campaigns";
    if (!f.endDate) return "End date is required for scheduled campaigns";
    // datetime-local strings of one zone compare correctly as text.
    if (f.startDate >= f.endDate) return "End date must be after start date";
  }
  if (f.campaignType === "inbound") {
    if (!f.inboundNumber.trim()) return INBOUND_NUMBER_REQUIRED;
    if (!normalizeInboundNumber(f.inboundNumber)) return INBOUND_NUMBER_MESSAGE;
  }
  if (!validLimit(f.maxConcurrentCalls)) return CampaignMessages.maxConcurrentCalls;
  if (f.channel === "voice" && f.transferTo.trim() && !normalizeTransferTarget(f.transferTo))
    return TRANSFER_TO_MESSAGE;
  return null;
}
