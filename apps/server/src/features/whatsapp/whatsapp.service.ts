import crypto from "node:crypto";
import type {
  WhatsAppChannel,
  WhatsAppChannelPut,
  WhatsAppContactList,
  WhatsAppMessage,
  WhatsAppMessages,
  WhatsAppRecordMessage,
} from "@parley/shared/whatsapp";
import type { Db } from "../../platform/db.ts";
import type { Clock } from "../../platform/clock.ts";
import { AppError, notFound } from "../../http/errors.ts";
import type { MessageRow, WhatsAppRepo } from "./whatsapp.repo.ts";
import { batchesFromWebhook, MetaWebhook, type WaBatch, type WaMessage } from "./whatsapp-payload.ts";
import { verifySignature } from "./whatsapp-signature.ts";

export const WEBHOOK_PATH = "/api/webhooks/whatsapp";

/** "+1 (631) 555-1181", "16315551181" → "+16315551181"; null when it cannot be a phone number. */
export function phoneKey(value: string): string | null {
  const digits = value.replace(/\D/g, "");
  return digits.length >= 6 && digits.length <= 15 ? `+${digits}` : null;
}

const toMessage = (m: MessageRow): WhatsAppMessage => ({
  id: m.id,
  role: m.role,
  content: m.content,
  timestamp: m.sent_at.toISOString(),
  status: m.status,
});

export function createWhatsAppService(deps: { db: Db; repo: WhatsAppRepo; clock: Clock }) {
  const { db, repo, clock } = deps;

  /** Stores one number's events in one transaction; answers how many messages were new. */
  async function storeBatch(orgId: string, batch: Pick<WaBatch, "names" | "messages" | "statuses">): Promise<number> {
    return db.tx(async (q) => {
      let stored = 0;
      const contacts = new Map<string, string>();
      for (const m of batch.messages) {
        const contactId =
          contacts.get(m.phone) ?? (await repo.upsertContact(q, orgId, m.phone, batch.names.get(m.phone) ?? ""));
        contacts.set(m.phone, contactId);
        if (await repo.insertMessage(q, orgId, contactId, m)) stored++;
      }
      for (const s of batch.statuses) await repo.advanceStatus(q, orgId, s);
      return stored;
    });
  }

  async function channel(orgId: string): Promise<WhatsAppChannel> {
    const c = await repo.channelOf(orgId);
    return {
      configured: Boolean(c),
      phone_number_id: c?.phone_number_id ?? null,
      verify_token: c?.verify_token ?? null,
      webhook_path: WEBHOOK_PATH,
    };
  }

  return {
    channel,
    /** Meta's subscription handshake: echo the challenge when the verify token is one an org registered. */
    async handshake(
      mode: string | undefined,
      token: string | undefined,
      challenge: string | undefined,
    ): Promise<string> {
      if (mode !== "subscribe" || !token || !challenge || !(await repo.verifyTokenExists(token))) {
        throw new AppError("forbidden", "The verify token does not match a registered WhatsApp number.");
      }
      return challenge;
    },

    /** A signed webhook delivery. Every registered number in it must verify before anything is stored. */
    async receive(raw: Buffer, signature: string | undefined): Promise<{ stored: number }> {
      let json: unknown;
      try {
        json = JSON.parse(raw.toString("utf8"));
      } catch {
        throw new AppError("validation_failed", "The webhook body is not JSON.");
      }
      const body = MetaWebhook.safeParse(json);
      if (!body.success)
        throw new AppError("validation_failed", "The webhook body is not a WhatsApp Cloud API notification.");
      const batches = batchesFromWebhook(body.data);
      const known = (
        await Promise.all(
          batches.map(async (b) => ({ batch: b, channel: await repo.channelOfNumber(b.phoneNumberId) })),
        )
      ).filter((k) => k.channel !== null);
      if (!known.length) throw new AppError("forbidden", "No organisation has registered this WhatsApp number.");
      if (!known.every((k) => verifySignature(raw, signature, k.channel!.app_secret))) {
        throw new AppError("unauthenticated", "The X-Hub-Signature-256 header does not match the body.");
      }
      let stored = 0;
      for (const k of known) stored += await storeBatch(k.channel!.org_id, k.batch);
      return { stored };
    },

    async contacts(orgId: string): Promise<WhatsAppContactList> {
      const rows = await repo.listContacts(orgId);
      return {
        data: rows.map((r) => ({
          phone: r.phone,
          name: r.name,
          email: null,
          company: null,
          last_message: r.last_message,
          last_message_time: r.last_message_at?.toISOString() ?? null,
          last_message_type: r.last_role,
          unreadCount: r.unread,
          avatar: null,
        })),
      };
    },

    /** The conversation, oldest first; opening it marks the contact's messages read. */
    async messages(orgId: string, phone: string): Promise<WhatsAppMessages> {
      const key = phoneKey(phone);
      const contactId = key ? await repo.contactId(orgId, key) : null;
      if (!contactId) throw notFound("WhatsApp conversation");
      const rows = await repo.messages(orgId, contactId);
      await repo.markRead(orgId, contactId);
      return { data: { messages: rows.map(toMessage) } };
    },

    /**
     * Records a message sent or received outside the webhook (e.g. by the AI agent); a repeated message_id is ignored.
     */
    async record(
      orgId: string,
      phone: string,
      input: WhatsAppRecordMessage & { role: "user" | "assistant" },
    ): Promise<{ message: WhatsAppMessage; duplicate: boolean }> {
      const key = phoneKey(phone);
      if (!key) throw new AppError("validation_failed", "The phone number must have 6 to 15 digits.");
      const m: WaMessage = {
        providerId: input.message_id ?? `parley-${crypto.randomUUID()}`,
        phone: key,
        role: input.role,
        type: "text",
        content: input.content,
        sentAt: input.timestamp ? new Date(input.timestamp) : clock.now(),
      };
      const stored = await storeBatch(orgId, {
        names: new Map([[key, input.name ?? ""]]),
        messages: [m],
        statuses: [],
      });
      const row = await repo.messageByProviderId(orgId, m.providerId);
      return { message: toMessage(row!), duplicate: stored === 0 };
    },

    async putChannel(orgId: string, input: Required<WhatsAppChannelPut>): Promise<WhatsAppChannel> {
      const owner = await repo.channelOfNumber(input.phone_number_id);
      if (owner && owner.org_id !== orgId)
        throw new AppError("conflict", "This WhatsApp number is registered to another organisation.");
      await repo.putChannel(orgId, input);
      return channel(orgId);
    },
  };
}
export type WhatsAppService = ReturnType<typeof createWhatsAppService>;
