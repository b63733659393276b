import crypto from "node:crypto";
import type { EmailChannel, EmailConversation, EmailThreadList, InboundEmailResult } from "@parley/shared/email-logs";
import type { Db } from "../../platform/db.ts";
import type { Clock } from "../../platform/clock.ts";
import { AppError, notFound } from "../../http/errors.ts";
import type { EmailLogsRepo } from "./email-logs.repo.ts";
import { emailFromJson, emailFromMime, type InboundEmail } from "./inbound-email.ts";
import { subjectKey } from "./email-threading.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const newToken = () => crypto.randomBytes(24).toString("base64url");
const webhookPath = (token: string) => `/api/webhooks/email/${token}`;

export function createEmailLogsService(deps: { db: Db; repo: EmailLogsRepo; clock: Clock }) {
  const { db, repo, clock } = deps;

  /** Stores one email in its thread: References/In-Reply-To first, else the same subject with the same contact. */
  async function store(orgId: string, email: InboundEmail): Promise<InboundEmailResult> {
    try {
      return await db.tx(async (q) => {
        const existing = await repo.threadOfMessage(q, orgId, email.messageId);
        if (existing) return { thread_id: existing, duplicate: true };
        const key = subjectKey(email.subject);
        const threadId =
          (await repo.threadByReferences(q, orgId, email.references)) ??
          (await repo.threadBySubject(q, orgId, key, email.from)) ??
          (await repo.createThread(q, orgId, {
            subject: email.subject,
            key,
            contactEmail: email.from,
            at: email.sentAt,
          }));
        await repo.addMessage(q, orgId, threadId, email);
        return { thread_id: threadId, duplicate: false };
      });
    } catch (err) {
      // The same message delivered twice at once: the unique Message-ID lets one in; the other is a replay.
      const thread = await repo.threadOfMessage(db, orgId, email.messageId);
      if (thread) return { thread_id: thread, duplicate: true };
      throw err;
    }
  }

  async function orgForToken(token: string): Promise<string> {
    const orgId = token.length >= 16 ? await repo.orgOfToken(token) : null;
    if (!orgId) throw new AppError("not_found", "Unknown inbound email address.");
    return orgId;
  }

  return {
    store,
    async ingestJson(token: string, body: unknown): Promise<InboundEmailResult> {
      const orgId = await orgForToken(token);
      return store(orgId, emailFromJson(body, clock.now()));
    },
    async ingestMime(token: string, raw: Buffer): Promise<InboundEmailResult> {
      const orgId = await orgForToken(token);
      return store(orgId, await emailFromMime(raw, clock.now()));
    },
    async listThreads(orgId: string): Promise<EmailThreadList> {
      const rows = await repo.listThreads(orgId);
      return {
        thread_details: rows.map((r) => ({
          thread_id: r.id,
          email: r.contact_email,
          subject: r.subject,
          date: r.last_message_at.toISOString(),
          hasReplies: r.message_count > 1,
        })),
      };
    },
    async conversation(orgId: string, threadId: string): Promise<EmailConversation> {
      if (!UUID.test(threadId) || !(await repo.threadExists(orgId, threadId))) throw notFound("Email thread");
      const rows = await repo.messages(orgId, threadId);
      return {
        conversation: rows.map((m) => ({
          from: m.from_address,
          to: m.to_addresses,
          date: m.sent_at.toISOString(),
          subject: m.subject,
          body: m.body,
        })),
      };
    },
    /** The org's webhook address, created on first use. */
    async channel(orgId: string): Promise<EmailChannel> {
      const token = (await repo.tokenOf(orgId)) ?? (await repo.ensureToken(orgId, newToken()));
      return { token, webhook_path: webhookPath(token) };
    },
    /** A new secret; the old address stops working at once. */
    async rotate(orgId: string): Promise<EmailChannel> {
      const token = newToken();
      await repo.setToken(orgId, token);
      return { token, webhook_path: webhookPath(token) };
    },
  };
}
export type EmailLogsService = ReturnType<typeof createEmailLogsService>;
