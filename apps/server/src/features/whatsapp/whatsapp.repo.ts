import type { Queryable } from "../../platform/db.ts";
import type { WaMessage, WaStatus } from "./whatsapp-payload.ts";

export type ChannelRow = { org_id: string; phone_number_id: string; app_secret: string; verify_token: string };
export type ContactRow = {
  phone: string;
  name: string;
  last_message: string | null;
  last_message_at: Date | null;
  last_role: "user" | "assistant" | null;
  unread: number;
};
export type MessageRow = {
  id: string;
  role: "user" | "assistant";
  content: string;
  sent_at: Date;
  status: WaStatus["status"] | null;
};

export function createWhatsAppRepo(db: Queryable) {
  return {
    async channelOf(orgId: string): Promise<ChannelRow | null> {
      const [row] = await db.query<ChannelRow>(
        "select org_id, phone_number_id, app_secret, verify_token from whatsapp_channels where org_id = $1",
        [orgId],
      );
      return row ?? null;
    },
    async channelOfNumber(phoneNumberId: string): Promise<ChannelRow | null> {
      const [row] = await db.query<ChannelRow>(
        "select org_id, phone_number_id, app_secret, verify_token from whatsapp_channels where phone_number_id = $1",
        [phoneNumberId],
      );
      return row ?? null;
    },
    async verifyTokenExists(token: string): Promise<boolean> {
      return (await db.query("select 1 from whatsapp_channels where verify_token = $1 limit 1", [token])).length > 0;
    },
    async putChannel(
      orgId: string,
      c: { phone_number_id: string; app_secret: string; verify_token: string },
    ): Promise<void> {
      await db.query(
        `insert into whatsapp_channels (org_id, phone_number_id, app_secret, verify_token) values ($1, $2, $3, $4)
         on conflict (org_id) do update set phone_number_id = excluded.phone_number_id,
           app_secret = excluded.app_secret,
           verify_token = excluded.verify_token, updated_at = now()`,
        [orgId, c.phone_number_id, c.app_secret, c.verify_token],
      );
    },
    /** Creates the contact or, when a profile name is given, refreshes its name; answers its id. */
    async upsertContact(q: Queryable, orgId: string, phone: string, name: string): Promise<string> {
      const [row] = await q.query<{ id: string }>(
        `insert into whatsapp_contacts (org_id, phone, name) values ($1, $2, $3)
         on conflict (org_id, phone) do update set name = case when excluded.name = '' then whatsapp_contacts.name
           else excluded.name end
         returning id`,
        [orgId, phone, name],
      );
      return row!.id;
    },
    /** Answers whether the message was new (a replayed provider id is ignored). */
    async insertMessage(q: Queryable, orgId: string, contactId: string, m: WaMessage): Promise<boolean> {
      const rows = await q.query(
        `insert into whatsapp_messages (org_id, contact_id, provider_message_id, role, message_type, content, status,
          sent_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (org_id, provider_message_id) do nothing returning id`,
        [orgId, contactId, m.providerId, m.role, m.type, m.content, m.role === "assistant" ? "sent" : null, m.sentAt],
      );
      return rows.length > 0;
    },
    /** Statuses arrive out of order: a message only moves forward (sent → delivered → read; failed is final). */
    async advanceStatus(q: Queryable, orgId: string, s: WaStatus): Promise<void> {
      await q.query(
        `update whatsapp_messages set status = $3 where org_id = $1 and provider_message_id = $2 and role = 'assistant'
           and coalesce(array_position(array['sent','delivered','read','failed'], status), 0) <
             array_position(array['sent','delivered','read','failed'], $3::text)`,
        [orgId, s.providerId, s.status],
      );
    },
    async listContacts(orgId: string): Promise<ContactRow[]> {
      return db.query<ContactRow>(
        `select c.phone, c.name, last.content as last_message, last.sent_at as last_message_at, last.role as last_role,
           (select count(*)::int from whatsapp_messages u where u.contact_id = c.id and u.role = 'user'
              and (c.last_read_at is null or u.sent_at > c.last_read_at)) as unread
         from whatsapp_contacts c
         left join lateral (select content, sent_at, role from whatsapp_messages m where m.contact_id = c.id
                            order by sent_at desc, created_at desc limit 1) last on true
         where c.org_id = $1
         order by last.sent_at desc nulls last, c.created_at desc`,
        [orgId],
      );
    },
    async contactId(orgId: string, phone: string): Promise<string | null> {
      const [row] = await db.query<{ id: string }>(
        "select id from whatsapp_contacts where org_id = $1 and phone = $2",
        [orgId, phone],
      );
      return row?.id ?? null;
    },
    async messages(orgId: string, contactId: string): Promise<MessageRow[]> {
      return db.query<MessageRow>(
        `select id, role, content, sent_at, status from whatsapp_messages where org_id = $1 and contact_id = $2
          order by sent_at, created_at`,
        [orgId, contactId],
      );
    },
    async messageByProviderId(orgId: string, providerId: string): Promise<MessageRow | null> {
      const [row] = await db.query<MessageRow>(
        `select id, role, content, sent_at, status from whatsapp_messages where org_id = $1
          and provider_message_id = $2`,
        [orgId, providerId],
      );
      return row ?? null;
    },
    /** Everything received so far counts as read (message times are the sender's, not this server's). */
    async markRead(orgId: string, contactId: string): Promise<void> {
      await db.query(
        `update whatsapp_contacts set last_read_at = (select max(sent_at) from whatsapp_messages where contact_id = $2)
         where org_id = $1 and id = $2`,
        [orgId, contactId],
      );
    },
  };
}
export type WhatsAppRepo = ReturnType<typeof createWhatsAppRepo>;
