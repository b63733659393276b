import type { Clock } from "../../platform/clock.ts";
import { nextRetryAt } from "../../platform/retry-schedule.ts";
import type { SendInvitationMail } from "./invitation-mailer.ts";
import type { DueInvitation, InvitationsRepo } from "./invitations.repo.ts";

type Deps = { repo: InvitationsRepo; send: SendInvitationMail; clock: Clock; batchSize?: number; leaseMs?: number };

/**
 * Sends due invitations, the way webhook deliveries are sent: one pass leases a batch (other workers skip
 * those rows), sends them and records each attempt. A refused or unreachable mail server is tried again on
 * the shared retry schedule (5 s … 8 h, about a day); after the last attempt the invitation fails.
 */
export function createInvitationDelivery(deps: Deps) {
  const { repo, send, clock } = deps;
  const batchSize = deps.batchSize ?? 10;
  // Longer than a send can take (the mailer's timeouts add up to under a minute), so no send is taken twice.
  const leaseMs = deps.leaseMs ?? 120_000;

  async function attempt(d: DueInvitation): Promise<void> {
    const error = await send({ to: d.recipients, subject: d.subject, text: d.body, ics: d.ics, method: d.method });
    const at = clock.now();
    const retryAt = error === null ? null : nextRetryAt(d.attempts + 1, at);
    const status = error === null ? "sent" : retryAt ? "pending" : "failed";
    await repo.recordAttempt(d.id, { status, error, at, nextAt: retryAt ?? at });
  }

  return {
    /** One pass; answers how many invitations it attempted. */
    async deliverDue(): Promise<number> {
      const now = clock.now();
      const due = await repo.claimDue(now, new Date(now.getTime() + leaseMs), batchSize);
      await Promise.all(due.map(attempt));
      return due.length;
    },
  };
}
export type InvitationDelivery = ReturnType<typeof createInvitationDelivery>;
