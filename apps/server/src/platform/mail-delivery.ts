import type { Clock } from "./clock.ts";
import type { Mail, SendMail } from "./mailer.ts";
import { nextRetryAt } from "./retry-schedule.ts";

/** A leased message of a mail queue: its row id, the attempts already made, and the mail itself. */
export type DueMail = { id: string; attempts: number; mail: Mail };
export type MailAttempt = { status: "pending" | "sent" | "failed"; error: string | null; at: Date; nextAt: Date };

/** What a queue table offers the sender (meeting invitations, team invitations): lease due rows, record a try. */
export type MailOutbox = {
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DueMail[]>;
  recordAttempt(id: string, attempt: MailAttempt): Promise<void>;
};

type Deps = { outbox: MailOutbox; send: SendMail; clock: Clock; batchSize?: number; leaseMs?: number };

/**
 * Sends a queue's due mail, the way webhook deliveries are sent: one pass leases a batch (other workers skip
 * those rows), sends them and records each attempt. A refused or unreachable mail server is tried again on
 * the shared retry schedule (5 s … 8 h, about a day); after the last attempt the message fails.
 */
export function createMailDelivery(deps: Deps) {
  const { outbox, send, clock } = deps;
  const batchSize = deps.batchSize ?? 10;
  // Longer than a send can take (the mailer's timeouts add up to under a minute), so no send is taken twice.
  const leaseMs = deps.leaseMs ?? 120_000;

  async function attempt(d: DueMail): Promise<void> {
    const error = await send(d.mail);
    const at = clock.now();
    const retryAt = error === null ? null : nextRetryAt(d.attempts + 1, at);
    const status = error === null ? "sent" : retryAt ? "pending" : "failed";
    await outbox.recordAttempt(d.id, { status, error, at, nextAt: retryAt ?? at });
  }

  return {
    /** One pass; answers how many messages it attempted. */
    async deliverDue(): Promise<number> {
      const now = clock.now();
      const due = await outbox.claimDue(now, new Date(now.getTime() + leaseMs), batchSize);
      await Promise.all(due.map(attempt));
      return due.length;
    },
  };
}
export type MailDelivery = ReturnType<typeof createMailDelivery>;
