import type { Role } from "@parley/shared/auth";
import type { InvitationEmail } from "@parley/shared/team";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import type { DueMail, MailOutbox } from "../../platform/mail-delivery.ts";
import type { SecretBox } from "../integrations/secret-box.ts";
import { teamInvitationText } from "./team-invitation-text.ts";
import type { TeamMailRepo, TeamMailRow } from "./team-mail.repo.ts";

type Deps = {
  repo: TeamMailRepo;
  /** Seals the queued body: the link in it lets anyone join. */
  box: SecretBox;
  clock: Clock;
  log: Logger;
  /** SMTP_URL is set; false: nothing is queued and every invitation shows `not_configured`. */
  configured: boolean;
};
export type InvitationToMail = { id: string; email: string; role: Role; invited_by: string | null; expires_at: Date };

const NOTHING = { sent_at: null, next_attempt_at: null, last_error: null } as const;

function toEmail(r: TeamMailRow): InvitationEmail {
  return {
    // A superseded row is never the newest (a new link queues a new one, revoked and used invitations are not listed).
    status: r.status === "superseded" ? "pending" : r.status,
    sent_at: r.sent_at?.toISOString() ?? null,
    next_attempt_at: r.status === "pending" ? r.next_attempt_at.toISOString() : null,
    last_error: r.last_error,
  };
}

/**
 * Team invitations by email: queued when an invitation or a new link is made (if the mail server is set up and
 * the link is absolute), sent by the shared mail delivery, and the state of each shown on Settings → Team.
 */
export function createTeamInvitationMail(deps: Deps) {
  const { repo, box, clock, log, configured } = deps;

  /** Opens the leased messages' links; one that cannot be opened (INTEGRATIONS_KEY changed) fails for good. */
  const outbox: MailOutbox = {
    async claimDue(now, leaseUntil, limit) {
      const due: DueMail[] = [];
      for (const m of await repo.claimDue(now, leaseUntil, limit)) {
        try {
          due.push({
            id: m.id,
            attempts: m.attempts,
            mail: { to: [m.recipient], subject: m.subject, text: box.open(m.body, m.org_id) },
          });
        } catch {
          const error = "The invitation's link could not be read back (INTEGRATIONS_KEY changed). Make a new link.";
          await repo.recordAttempt(m.id, { status: "failed", error, at: now, nextAt: now });
        }
      }
      return due;
    },
    recordAttempt: repo.recordAttempt,
  };

  return {
    outbox,
    /** Queues the email of a new invitation or link. Never throws: the invitation stands, its link is shown anyway. */
    async queue(orgId: string, orgName: string, invitation: InvitationToMail, link: string): Promise<void> {
      if (!configured || !/^https?:\/\//.test(link)) return;
      try {
        const { subject, text } = teamInvitationText({
          orgName,
          inviter: invitation.invited_by,
          role: invitation.role,
          link,
          expiresAt: invitation.expires_at,
        });
        const sealedBody = box.seal(text, orgId);
        await repo.enqueue(
          orgId,
          { invitationId: invitation.id, recipient: invitation.email, subject, sealedBody },
          clock.now(),
        );
      } catch (err) {
        log.error({ err, orgId, invitationId: invitation.id }, "team invitation email could not be queued");
      }
    },
    /** The invitation was used or revoked: a waiting email is not sent. */
    forget: (orgId: string, invitationId: string) => repo.forget(orgId, invitationId),

    async statuses(orgId: string, invitationIds: string[]): Promise<Map<string, InvitationEmail>> {
      const out = new Map<string, InvitationEmail>();
      for (const id of invitationIds) out.set(id, { status: configured ? "not_sent" : "not_configured", ...NOTHING });
      if (!configured) return out;
      for (const r of await repo.latest(orgId, invitationIds)) out.set(r.invitation_id, toEmail(r));
      return out;
    },
  };
}
export type TeamInvitationMail = ReturnType<typeof createTeamInvitationMail>;
