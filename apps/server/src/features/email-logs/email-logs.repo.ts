import type { Queryable } from "../../platform/db.ts";
import type { InboundEmail } from "./inbound-email.ts";

export type EmailThreadRow = {
  id: string;
  contact_email: string;
  subject: string;
  last_message_at: Date;
  message_count: number;
};
export type EmailMessageRow = {
  from_address: string;
  to_addresses: string;
  subject: string;
  body: string;
  sent_at: Date;
};

/** Most recent first; the list shows at most this many threads. */
const THREAD_LIST_LIMIT = 500;

export function createEmailLogsRepo(db: Queryable) {
  return {
    async listThreads(orgId: string): Promise<EmailThreadRow[]> {
      return db.query<EmailThreadRow>(
        `select id, contact_email, subject, last_message_at, message_count from email_threads
         where org_id = $1 order by last_message_at desc, id limit ${THREAD_LIST_LIMIT}`,
        [orgId],
      );
    },
    async threadExists(orgId: string, threadId: string): Promise<boolean> {
      return (
        (await db.query("select 1 from email_threads where org_id = $1 and id = $2", [orgId, threadId])).length > 0
      );
    },
    async messages(orgId: string, threadId: string): Promise<EmailMessageRow[]> {
      return db.query<EmailMessageRow>(
        `select from_address, to_addresses, subject, body, sent_at from email_messages
         where org_id = $1 and thread_id = $2 order by sent_at, created_at`,
        [orgId, threadId],
      );
    },
    async threadOfMessage(q: Queryable, orgId: string, messageId: string): Promise<string | null> {
      const [row] = await q.query<{ thread_id: string }>(
        "select thread_id from email_messages where org_id = $1 and message_id = $2",
        [orgId, messageId],
      );
      return row?.thread_id ?? null;
    },
    /** The thread holding any of the referenced messages (the nearest reference wins). */
    async threadByReferences(q: Queryable, orgId: string, ids: string[]): Promise<string | null> {
      if (!ids.length) return null;
      const [row] = await q.query<{ thread_id: string }>(
        `select thread_id from email_messages where org_id = $1 and message_id = any($2::text[])
         order by array_position($2::text[], message_id) limit 1`,
        [orgId, ids],
      );
      return row?.thread_id ?? null;
    },
    async threadBySubject(q: Queryable, orgId: string, key: string, contactEmail: string): Promise<string | null> {
      const [row] = await q.query<{ id: string }>(
        `select id from email_threads where org_id = $1 and subject_key = $2 and contact_email = $3
         order by last_message_at desc limit 1`,
        [orgId, key, contactEmail],
      );
      return row?.id ?? null;
    },
    async createThread(
      q: Queryable,
      orgId: string,
      t: { subject: string; key: string; contactEmail: string; at: Date },
    ): Promise<string> {
      const [row] = await q.query<{ id: string }>(
        `insert into email_threads (org_id, subject, subject_key, contact_email, last_message_at)
          values ($1, $2, $3, $4, $5) returning id`,
        [orgId, t.subject, t.key, t.contactEmail, t.at],
      );
      return row!.id;
    },
    async addMessage(q: Queryable, orgId: string, threadId: string, e: InboundEmail): Promise<void> {
      await q.query(
        `insert into email_messages (org_id, thread_id, message_id, from_address, to_addresses, subject, body, sent_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [orgId, threadId, e.messageId, e.from, e.to, e.subject, e.body, e.sentAt],
      );
      await q.query(
        `update email_threads set message_count = message_count + 1, last_message_at = greatest(last_message_at, $3)
         where org_id = $1 and id = $2`,
        [orgId, threadId, e.sentAt],
      );
    },
    async tokenOf(orgId: string): Promise<string | null> {
      const [row] = await db.query<{ token: string }>("select token from email_inbound_tokens where org_id = $1", [
        orgId,
      ]);
      return row?.token ?? null;
    },
    async setToken(orgId: string, token: string): Promise<void> {
      await db.query(
        `insert into email_inbound_tokens (org_id, token) values ($1, $2)
         on conflict (org_id) do update set token = excluded.token, created_at = now()`,
        [orgId, token],
      );
    },
    /** Keeps the token another request created first. */
    async ensureToken(orgId: string, token: string): Promise<string> {
      await db.query(
        "insert into email_inbound_tokens (org_id, token) values ($1, $2) on conflict (org_id) do nothing",
        [orgId, token],
      );
      return (await this.tokenOf(orgId)) ?? token;
    },
    async orgOfToken(token: string): Promise<string | null> {
      const [row] = await db.query<{ org_id: string }>("select org_id from email_inbound_tokens where token = $1", [
        token,
      ]);
      return row?.org_id ?? null;
    },
  };
}
export type EmailLogsRepo = ReturnType<typeof createEmailLogsRepo>;
