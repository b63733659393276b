/**
 * PROVISIONAL: the campaign payloads as this screen expects them, written before
 * packages/shared/src/campaigns.ts existed. To be replaced by imports from "@parley/shared/campaigns".
 */
import type { VariantInput } from "@parley/shared/experiments";

export type CampaignFaqs = {
  opening_line?: string | null;
  goal?: string | null;
  /** The server answers `faqs`; `pairs` is what this form sends (the server reads both). */
  faqs?: Array<{ question: string; answer: string }>;
  pairs?: Array<{ question: string; answer: string }>;
} | null;

export type CampaignDto = {
  id: string;
  name: string;
  description: string | null;
  channel: "voice" | "email" | "whatsapp";
  direction: "outbound" | "inbound";
  voice_id: string | null;
  max_attempts: number | null;
  time_gap: number | null;
  /** Cap on simultaneous calls; null = the organisation's limit. */
  max_concurrent_calls?: number | null;
  retry_backoff?: boolean;
  transfer_to?: string | null;
  inbound_number?: string | null;
  faqs: CampaignFaqs;
  status: string;
  status_reason?: string | null;
  start_immediately: boolean;
  start_datetime: string | null;
  end_datetime: string | null;
  campaign_timezone: string | null;
  business_hours_start: string | null;
  business_hours_end: string | null;
  service: string | null;
  email_subject: string | null;
  email_body: string | null;
  created_at: string | null;
  updated_at: string | null;
  /** Who created the campaign and who last changed it; null for the system's own changes. */
  created_by_name?: string | null;
  updated_by_name?: string | null;
  csv_file: { name: string; size: number } | null;
  contact_count: number;
  rejected_rows: Array<{ line: number; reason: string }>;
};

export type CampaignWrite = {
  name: string;
  description: string;
  channel: CampaignDto["channel"];
  direction: CampaignDto["direction"];
  voice_id: string | null;
  max_attempts: number;
  time_gap: number;
  max_concurrent_calls: number | null;
  retry_backoff: boolean;
  transfer_to: string | null;
  inbound_number: string | null;
  faqs: CampaignFaqs;
  start_immediately: boolean;
  start_datetime: string | null;
  end_datetime: string | null;
  campaign_timezone: string;
  business_hours_start: string;
  business_hours_end: string;
  service: string;
  email_subject: string | null;
  email_body: string | null;
  save_as_draft: boolean;
  /** The experiment's variants; absent leaves them as they are. */
  variants?: VariantInput[];
};
