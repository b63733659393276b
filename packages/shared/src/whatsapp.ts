import { z } from "zod";

/** One row of the WhatsApp logs list (spec section 3, "WhatsApp contact"). */
export const WhatsAppContact = z.object({
  phone: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  last_message: z.string().nullable(),
  last_message_time: z.string().nullable(),
  last_message_type: z.enum(["user", "assistant"]).nullable(),
  unreadCount: z.number(),
  avatar: z.string().nullable(),
});
export type WhatsAppContact = z.infer<typeof WhatsAppContact>;

export const WhatsAppContactList = z.object({ data: z.array(WhatsAppContact) });
export type WhatsAppContactList = z.infer<typeof WhatsAppContactList>;

export const WhatsAppMessageStatus = z.enum(["sent", "delivered", "read", "failed"]);

export const WhatsAppMessage = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  timestamp: z.string(),
  /** Delivery state of an assistant message as Meta reported it; null for the contact's own messages. */
  status: WhatsAppMessageStatus.nullable(),
});
export type WhatsAppMessage = z.infer<typeof WhatsAppMessage>;

export const WhatsAppMessages = z.object({ data: z.object({ messages: z.array(WhatsAppMessage) }) });
export type WhatsAppMessages = z.infer<typeof WhatsAppMessages>;

/** Records a message sent outside Meta's echoes (e.g. by the AI agent) into a conversation. */
export const WhatsAppRecordMessage = z.object({
  content: z.string().trim().min(1, "content is required.").max(4096),
  role: z.enum(["user", "assistant"]).default("assistant"),
  message_id: z.string().trim().min(1).max(200).optional(),
  timestamp: z.iso.datetime({ offset: true, message: "timestamp must be an ISO 8601 date-time." }).optional(),
  name: z.string().trim().max(200).optional(),
});
export type WhatsAppRecordMessage = z.input<typeof WhatsAppRecordMessage>;

/** Registers the org's WhatsApp Business number for the Cloud API webhook. */
export const WhatsAppChannelPut = z.object({
  phone_number_id: z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, "phone_number_id must be the numeric id Meta shows for the number."),
  app_secret: z.string().trim().min(16, "app_secret must be the Meta app secret (at least 16 characters).").max(200),
  verify_token: z.string().trim().min(8, "verify_token must be at least 8 characters.").max(200),
});
export type WhatsAppChannelPut = z.input<typeof WhatsAppChannelPut>;

/** The registered number; the app secret is never sent back. */
export const WhatsAppChannel = z.object({
  configured: z.boolean(),
  phone_number_id: z.string().nullable(),
  verify_token: z.string().nullable(),
  webhook_path: z.string(),
});
export type WhatsAppChannel = z.infer<typeof WhatsAppChannel>;
