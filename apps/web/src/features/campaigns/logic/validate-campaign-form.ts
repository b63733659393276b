import type { CampaignFormValues } from "./campaign-form.ts";

/** Spec §5 "Campaign submit": the first failing rule's message, in the spec's order; null when valid. */
export function validateCampaignForm(f: CampaignFormValues): string | null {
  if (!f.campaignName.trim()) return "Campaign name is required";
  if (f.campaignMode === "schedule") {
    if (!f.startDate) return "Start date is required for scheduled campaigns";
    if (!f.endDate) return "End date is required for scheduled campaigns";
    // datetime-local strings of one zone compare correctly as text.
    if (f.startDate >= f.endDate) return "End date must be after start date";
  }
  return null;
}
