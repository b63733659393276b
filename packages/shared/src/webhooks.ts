import { z } from "zod";
import { CalendarEvent } from "./calendar.ts";
import { TranscriptTurn } from "./calls.ts";
import { CallOutcomeFields } from "./outcome-fields.ts";

/** The events an endpoint can subscribe to; "webhook.test" is only ever sent by "Send test event". */
export const WEBHOOK_EVENTS = [
  "call.started",
  "call.completed",
  "meeting.booked",
  "meeting.cancelled",
  "contact.opted_out",
  "campaign.completed",
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENTS);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "call.started": "A call started",
  "call.completed": "A call ended (outcome, summary, transcript, recording)",
  "meeting.booked": "A meeting was booked",
  "meeting.cancelled": "A meeting was cancelled",
  "contact.opted_out": "A contact asked not to be called again",
  "campaign.completed": "A campaign called every contact",
};

// ---- what each event's `data` holds -------------------------------------------------------------------

export const CallStartedData = z.object({
  call_id: z.string(),
  campaign_id: z.string().nullable(),
  contact_name: z.string(),
  phone: z.string(),
  started_at: z.string(),
});
export const CallCompletedData = z.object({
  call_id: z.string(),
  campaign_id: z.string().nullable(),
  campaign_name: z.string().nullable(),
  contact_name: z.string(),
  phone: z.string(),
  status: z.string(),
  outcome: z.string().nullable(),
  summary: z.string(),
  sentiment: z.string().nullable(),
  transcript: z.array(TranscriptTurn),
  extracted: z.record(z.string(), z.string()),
  /** The qualifying answers (docs/outcome-fields.md); null when the campaign captures no fields. */
  outcome_fields: CallOutcomeFields.nullable(),
  duration_secs: z.number(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  /** Absolute when PUBLIC_URL is set; signed, valid for 7 days; null when the call was not recorded. */
  recording_url: z.string().nullable(),
});
export const MeetingData = z.object({ meeting: CalendarEvent });
export const ContactOptedOutData = z.object({
  phone: z.string(),
  reason: z.string(),
  campaign_id: z.string().nullable(),
});
export const CampaignCompletedData = z.object({ campaign_id: z.string(), name: z.string() });

/** The `data` of each event type, so an emitter cannot send the wrong shape. */
export type WebhookEventData = {
  "call.started": z.infer<typeof CallStartedData>;
  "call.completed": z.infer<typeof CallCompletedData>;
  "meeting.booked": z.infer<typeof MeetingData>;
  "meeting.cancelled": z.infer<typeof MeetingData>;
  "contact.opted_out": z.infer<typeof ContactOptedOutData>;
  "campaign.completed": z.infer<typeof CampaignCompletedData>;
};

/** The JSON body of every delivery (Standard Webhooks' recommended envelope). */
export const WebhookMessage = z.object({
  type: z.union([WebhookEventType, z.literal("webhook.test")]),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookMessage = z.infer<typeof WebhookMessage>;

// ---- the HTTP API -------------------------------------------------------------------------------------

const Url = z
  .string()
  .trim()
  .min(1, "Enter the address that should receive the events.")
  .max(2000, "The address is too long (at most 2000 characters).")
  .refine((u) => /^https?:\/\/\S+$/i.test(u), "The address must start with https:// (or http://).");

export const WebhookEndpointInput = z.object({
  url: Url,
  description: z.string().trim().max(200, "At most 200 characters.").default(""),
  events: z.array(WebhookEventType).min(1, "Choose at least one event.").max(WEBHOOK_EVENTS.length),
});
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInput>;

export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventType),
  /** Set when a delivery gave up after a day of retries; cleared by the next delivery that succeeds. */
  failing_since: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;
export const WebhookEndpointList = z.object({ endpoints: z.array(WebhookEndpoint) });
/** The answer to a create: the signing secret is shown this once. */
export const WebhookEndpointCreated = z.object({ endpoint: WebhookEndpoint, secret: z.string() });
export const WebhookEndpointReply = z.object({ endpoint: WebhookEndpoint });

export const WebhookDeliveryStatus = z.enum(["pending", "delivered", "failed"]);
export const WebhookDelivery = z.object({
  id: z.string(),
  message_id: z.string(),
  event_type: z.string(),
  status: WebhookDeliveryStatus,
  attempts: z.number(),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  /** The first 500 characters of the receiver's last answer. */
  last_response: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;
export const WebhookDeliveryReply = z.object({ delivery: WebhookDelivery });

/** POST /api/webhooks/{id}/rotate-secret: the new secret (shown this once) and when the old one stops signing. */
export const WebhookSecretRotated = z.object({
  secret: z.string(),
  previous_secret_expires_at: z.string(),
});
export type WebhookSecretRotated = z.infer<typeof WebhookSecretRotated>;
