import { z } from "zod";

/** One row of the email logs list (spec section 3, "Email thread (list)"). */
export const EmailThreadSummary = z.object({
  thread_id: z.string(),
  email: z.string(),
  subject: z.string(),
  date: z.string(),
  hasReplies: z.boolean(),
});
export type EmailThreadSummary = z.infer<typeof EmailThreadSummary>;

export const EmailThreadList = z.object({ thread_details: z.array(EmailThreadSummary) });
export type EmailThreadList = z.infer<typeof EmailThreadList>;

/** One message of a thread, oldest first. */
export const EmailConversationMessage = z.object({
  from: z.string(),
  to: z.string(),
  date: z.string(),
  subject: z.string(),
  body: z.string(),
});
export type EmailConversationMessage = z.infer<typeof EmailConversationMessage>;

export const EmailConversation = z.object({ conversation: z.array(EmailConversationMessage) });
export type EmailConversation = z.infer<typeof EmailConversation>;

const addressList = (name: string) =>
  z.union([z.string(), z.array(z.string())], { error: `${name} must be an address or a list of addresses.` });

/** The JSON form of the inbound email webhook (raw MIME, message/rfc822, is the other form). */
export const InboundEmailJson = z.object({
  message_id: z.string({ error: "message_id is required." }).trim().min(1, "message_id is required.").max(998),
  from: z.string({ error: "from is required." }).trim().min(3, "from is required.").max(998),
  to: addressList("to"),
  subject: z.string().max(998).default(""),
  date: z.iso.datetime({ offset: true, message: "date must be an ISO 8601 date-time." }).optional(),
  text: z.string().max(1_000_000).default(""),
  in_reply_to: z.string().max(998).optional(),
  references: addressList("references").optional(),
});
export type InboundEmailJson = z.input<typeof InboundEmailJson>;

export const InboundEmailResult = z.object({ thread_id: z.string(), duplicate: z.boolean() });
export type InboundEmailResult = z.infer<typeof InboundEmailResult>;

/** The org's inbound-email webhook address; the token is its secret. */
export const EmailChannel = z.object({ token: z.string(), webhook_path: z.string() });
export type EmailChannel = z.infer<typeof EmailChannel>;
