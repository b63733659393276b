import type { Campaign, CampaignValues } from "@parley/shared/campaigns";
import { inboundNumberE164 } from "../../platform/phone.ts";
import type { CampaignPeople, CampaignRow, CampaignSettings } from "./campaigns.repo.ts";

export type CallStats = { calls_made: number; success_rate: number };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A stored campaign as the API answers it: its form values, plus state and both naming variants the web app reads. */
export function toCampaign(row: CampaignRow, stats: CallStats, people: CampaignPeople): Campaign {
  return {
    ...toFormValues(row),
    id: row.id,
    campaign_id: row.id,
    campaign_name: row.name,
    campaign_description: row.description,
    type: row.direction,
    opening_line: row.opening_line,
    goal: row.goal,
    status: row.status,
    status_reason: row.status_reason,
    is_active: row.status === "active" || row.status === "scheduled",
    start_at: iso(row.start_at),
    end_at: iso(row.end_at),
    launched_at: iso(row.launched_at),
    attachments: row.attachments,
    csv_file: row.csv_file_name ? { name: row.csv_file_name, size: row.csv_file_size ?? 0 } : null,
    csv_file_name: row.csv_file_name,
    contact_count: row.contact_count,
    rejected_rows: row.rejected_rows,
    rejected_count: row.rejected_count,
    duplicates_merged: row.duplicates_merged,
    calls_made: stats.calls_made,
    success_rate: stats.success_rate,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by_name: people.created_by_name,
    updated_by_name: people.updated_by_name,
  };
}

/** Validated form values → the columns they are stored in. */
export function toSettings(v: CampaignValues): CampaignSettings {
  return {
    name: v.name,
    description: v.description,
    direction: v.direction,
    channel: v.channel,
    voice_id: v.voice_id,
    max_attempts: v.max_attempts,
    time_gap_seconds: v.time_gap,
    max_concurrent_calls: v.max_concurrent_calls,
    retry_backoff: v.retry_backoff,
    transfer_to: v.transfer_to,
    // Stored in E.164, the form calls are looked up in, so a variant of a held number collides with it.
    inbound_number: v.inbound_number === null ? null : inboundNumberE164(v.inbound_number),
    opening_line: v.faqs.opening_line,
    goal: v.faqs.goal,
    faqs: v.faqs.faqs,
    service: v.service,
    start_immediately: v.start_immediately,
    start_at: v.start_datetime ? new Date(v.start_datetime) : null,
    end_at: v.end_datetime ? new Date(v.end_datetime) : null,
    timezone: v.campaign_timezone,
    business_hours_start: v.business_hours_start,
    business_hours_end: v.business_hours_end,
    email_subject: v.email_subject,
    email_body: v.email_body,
  };
}

/** A stored campaign as form values, so an update can send only what changes and be validated whole. */
export function toFormValues(row: CampaignRow) {
  return {
    name: row.name,
    description: row.description,
    channel: row.channel,
    direction: row.direction,
    voice_id: row.voice_id,
    max_attempts: row.max_attempts,
    time_gap: row.time_gap_seconds,
    max_concurrent_calls: row.max_concurrent_calls,
    retry_backoff: row.retry_backoff,
    transfer_to: row.transfer_to,
    inbound_number: row.inbound_number,
    faqs: { opening_line: row.opening_line, goal: row.goal, faqs: row.faqs },
    start_immediately: row.start_immediately,
    start_datetime: iso(row.start_at),
    end_datetime: iso(row.end_at),
    campaign_timezone: row.timezone,
    business_hours_start: row.business_hours_start,
    business_hours_end: row.business_hours_end,
    service: row.service,
    email_subject: row.email_subject,
    email_body: row.email_body,
  };
}
