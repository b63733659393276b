import { DEFAULT_MAX_ATTEMPTS, DEFAULT_TIME_GAP_HOURS } from "./time-gap.ts";
import { DEFAULT_BUSINESS_HOURS_END, DEFAULT_BUSINESS_HOURS_START, DEFAULT_TIMEZONE } from "./publish-options.ts";
import { isKnownZone } from "../../../lib/zoned-time.ts";

export type FaqFormValue = { opening_line: string; goal: string; pairs: Array<{ question: string; answer: string }> };

/**
 * The setup screen's state (spec §3 "Campaign form fields"); dates are datetime-local strings in the campaign's zone.
 */
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
  /** "Transfer to" as typed (E.164 or SIP URI); empty: a caller asking for a person is offered a callback. */
  transferTo: string;
  /** Inbound campaigns: the number (E.164) or SIP user callers reach the agent on, as typed. */
  inboundNumber: string;
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
    transferTo: "",
    inboundNumber: "",
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

/** The organisation's defaults for new campaigns (GET /api/settings/organization), as far as the form uses them. */
export type OrgCampaignDefaults = { timezone: string | null; business_hours_start: string; business_hours_end: string };

/**
 * A new campaign starts where the organisation works: its timezone and business hours from the settings,
 * else the browser's timezone; the spec's fixed zone only when neither is known.
 */
export function newCampaignForm(org: OrgCampaignDefaults | null, browserZone: string | undefined): CampaignFormValues {
  const d = defaultCampaignForm();
  const zone = [org?.timezone, browserZone].find(isKnownZone) ?? d.campaignTimezone;
  const hoursOk = org && org.business_hours_start !== org.business_hours_end;
  return {
    ...d,
    campaignTimezone: zone,
    businessHoursStart: hoursOk ? org.business_hours_start : d.businessHoursStart,
    businessHoursEnd: hoursOk ? org.business_hours_end : d.businessHoursEnd,
  };
}

/** The voice a new campaign starts with: the organisation's default when it is offered, else the first voice. */
export function initialVoiceId(voiceIds: readonly string[], orgDefault: string | null | undefined): string {
  if (orgDefault && voiceIds.includes(orgDefault)) return orgDefault;
  return voiceIds[0] ?? "";
}
