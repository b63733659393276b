import { DEFAULT_MAX_ATTEMPTS, DEFAULT_TIME_GAP_HOURS } from "./time-gap.ts";
import { DEFAULT_BUSINESS_HOURS_END, DEFAULT_BUSINESS_HOURS_START, DEFAULT_TIMEZONE } from "./publish-options.ts";

export type FaqFormValue = { opening_line: string; goal: string; pairs: Array<{ question: string; answer: string }> };

/** The setup screen's state (spec §3 "Campaign form fields"); dates are datetime-local strings in the campaign's zone. */
export type CampaignFormValues = {
  campaignName: string;
  campaignDescription: string;
  channel: "voice" | "email" | "whatsapp";
  campaignType: "outbound" | "inbound";
  toneOfVoice: string;
  maxAttempts: number;
  timeGap: number; // hours
  /** Digits as typed; empty = the organisation's limit. */
  maxConcurrentCalls: string;
  /** Double the gap after each failed attempt. */
  retryBackoff: boolean;
  customFaqs: FaqFormValue;
  campaignMode: "immediate" | "schedule";
  startDate: string;
  endDate: string;
  campaignTimezone: string;
  businessHoursStart: string;
  businessHoursEnd: string;
  service: string;
  emailSubject: string;
  emailBody: string;
};

export const EMPTY_FAQS: FaqFormValue = { opening_line: "", goal: "", pairs: [] };

export function defaultCampaignForm(): CampaignFormValues {
  return {
    campaignName: "",
    campaignDescription: "",
    channel: "voice",
    campaignType: "outbound",
    toneOfVoice: "",
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    timeGap: DEFAULT_TIME_GAP_HOURS,
    maxConcurrentCalls: "",
    retryBackoff: false,
    customFaqs: EMPTY_FAQS,
    campaignMode: "immediate",
    startDate: "",
    endDate: "",
    campaignTimezone: DEFAULT_TIMEZONE,
    businessHoursStart: DEFAULT_BUSINESS_HOURS_START,
    businessHoursEnd: DEFAULT_BUSINESS_HOURS_END,
    service: "sales",
    emailSubject: "",
    emailBody: "",
  };
}
