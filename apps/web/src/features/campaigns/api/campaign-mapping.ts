import type { CampaignRow } from "../components/campaign-row.ts";
import type { ContactListInfo } from "../components/ContactListSummary.tsx";
import { defaultCampaignForm, EMPTY_FAQS, type CampaignFormValues, type FaqFormValue } from "../logic/campaign-form.ts";
import { hoursToSeconds, snapTimeGapHours } from "../logic/time-gap.ts";
import { isoToZonedLocal, zonedLocalToIso } from "../../../lib/zoned-time.ts";
import type { CampaignDto, CampaignWrite } from "./campaign-dto.ts";

export function toRow(c: CampaignDto): CampaignRow {
  return {
    id: c.id,
    name: c.name,
    type: c.direction,
    maxAttempts: c.max_attempts,
    timeGapSeconds: c.time_gap,
    startAt: c.start_datetime,
    endAt: c.end_datetime,
    status: c.status,
    createdAt: c.created_at,
    createdBy: c.created_by_name ?? null,
  };
}

function toFaqs(f: CampaignDto["faqs"]): FaqFormValue {
  if (!f) return EMPTY_FAQS;
  return {
    opening_line: f.opening_line ?? "",
    goal: f.goal ?? "",
    pairs: (f.faqs ?? f.pairs ?? []).map((p) => ({ ...p })),
  };
}

/** Loading an existing campaign into the form (spec §5): the time gap snaps to an allowed hour choice. */
export function toForm(c: CampaignDto): CampaignFormValues {
  const d = defaultCampaignForm();
  const zone = c.campaign_timezone || d.campaignTimezone;
  const scheduled = !c.start_immediately && Boolean(c.start_datetime || c.end_datetime);
  return {
    ...d,
    campaignName: c.name,
    campaignDescription: c.description ?? "",
    channel: c.channel,
    campaignType: c.direction,
    toneOfVoice: c.voice_id ?? "",
    maxAttempts: c.max_attempts ?? d.maxAttempts,
    timeGap: snapTimeGapHours(c.time_gap),
    maxConcurrentCalls: c.max_concurrent_calls ? String(c.max_concurrent_calls) : "",
    retryBackoff: c.retry_backoff ?? false,
    transferTo: c.transfer_to ?? "",
    inboundNumber: c.inbound_number ?? "",
    customFaqs: toFaqs(c.faqs),
    campaignMode: scheduled ? "schedule" : "immediate",
    startDate: scheduled ? isoToZonedLocal(c.start_datetime, zone) : "",
    endDate: scheduled ? isoToZonedLocal(c.end_datetime, zone) : "",
    campaignTimezone: zone,
    businessHoursStart: c.business_hours_start || d.businessHoursStart,
    businessHoursEnd: c.business_hours_end || d.businessHoursEnd,
    service: c.service || d.service,
    emailSubject: c.email_subject ?? "",
    emailBody: c.email_body ?? "",
  };
}

export function toContactList(c: CampaignDto): ContactListInfo | null {
  if (!c.csv_file) return null;
  return { fileName: c.csv_file.name, size: c.csv_file.size, contactCount: c.contact_count, rejected: c.rejected_rows };
}

/** Empty pairs are dropped; an all-empty FAQ block is sent as null. */
function faqsPayload(f: FaqFormValue): CampaignWrite["faqs"] {
  const pairs = f.pairs
    .map((p) => ({ question: p.question.trim(), answer: p.answer.trim() }))
    .filter((p) => p.question || p.answer);
  const opening_line = f.opening_line.trim();
  const goal = f.goal.trim();
  return opening_line || goal || pairs.length ? { opening_line, goal, pairs } : null;
}

/** The form → the create/update payload: hours become seconds, dates become instants in the campaign's zone. */
export function toPayload(f: CampaignFormValues, saveAsDraft: boolean): CampaignWrite {
  const scheduled = f.campaignMode === "schedule";
  return {
    name: f.campaignName.trim(),
    description: f.campaignDescription.trim(),
    channel: f.channel,
    direction: f.campaignType,
    voice_id: f.toneOfVoice || null,
    max_attempts: f.maxAttempts,
    time_gap: hoursToSeconds(f.timeGap),
    max_concurrent_calls: f.maxConcurrentCalls.trim() ? Number(f.maxConcurrentCalls.trim()) : null,
    retry_backoff: f.retryBackoff,
    // Only a voice call can be put through to a person.
    transfer_to: f.channel === "voice" ? f.transferTo.trim() || null : null,
    inbound_number: f.campaignType === "inbound" ? f.inboundNumber.trim() || null : null,
    faqs: faqsPayload(f.customFaqs),
    start_immediately: !scheduled,
    start_datetime: scheduled ? zonedLocalToIso(f.startDate, f.campaignTimezone) : null,
    end_datetime: scheduled ? zonedLocalToIso(f.endDate, f.campaignTimezone) : null,
    campaign_timezone: f.campaignTimezone,
    business_hours_start: f.businessHoursStart,
    business_hours_end: f.businessHoursEnd,
    service: f.service,
    email_subject: f.channel === "email" ? f.emailSubject : null,
    email_body: f.channel === "email" ? f.emailBody : null,
    save_as_draft: saveAsDraft,
  };
}
