import type { Queryable } from "../../platform/db.ts";
import type { MailAttempt } from "../../platform/mail-delivery.ts";

export type TeamMailRow = {
  invitation_id: string;
  status: "pending" | "sent" | "failed" | "superseded";
  sent_at: Date | null;
  next_attempt_at: Date;
  last_error: string | null;
};
/** A leased message: `body` is sealed (the link inside is a credential), opened by the sender. */
export type DueTeamMail = {
  id: string;
  org_id: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
};
export type NewTeamMail = { invitationId: string; recipient: string; subject: string; sealedBody: string };

/** The queue of team-invitation emails (team_invitation_mails, migration 0160). */
export function createTeamMailRepo(db: Queryable) {
  /** Waiting messages of the invitation stop waiting, and their link is dropped. */
  const supersede = (orgId: string, invitationId: string) =>
    db.query(
      `update team_invitation_mails set status = 'superseded', body = null where org_id = $1 and invitation_id = $2
        and status = 'pending'`,
      [orgId, invitationId],
    );

  return {
    /**
     * Queues a message; an older one still waiting for the same invitation is superseded (its link no longer works).
     */
    async enqueue(orgId: string, m: NewTeamMail, dueAt: Date): Promise<void> {
      await supersede(orgId, m.invitationId);
      await db.query(
        `insert into team_invitation_mails (org_id, invitation_id, recipient, subject, body, next_attempt_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [orgId, m.invitationId, m.recipient, m.subject, m.sealedBody, dueAt],
      );
    },
    /** The invitation was used or revoked: nothing more is sent and its link leaves the database. */
    async forget(orgId: string, invitationId: string): Promise<void> {
      await supersede(orgId, invitationId);
    },
    /** The newest message of each of these invitations. */
    latest: (orgId: string, invitationIds: string[]) =>
      invitationIds.length === 0
        ? Promise.resolve([] as TeamMailRow[])
        : db.query<TeamMailRow>(
            `select distinct on (invitation_id) invitation_id, status, sent_at, next_attempt_at, last_error
              from team_invitation_mails
            where org_id = $1 and invitation_id = any($2::uuid[]) order by invitation_id, created_at desc, id`,
            [orgId, invitationIds],
          ),
    /** Leases due messages like meeting invitations: rows another worker holds are skipped. */
    claimDue: (now: Date, leaseUntil: Date, limit: number) =>
      db.query<DueTeamMail>(
        `update team_invitation_mails set lease_until = $2
          where id in (
            select id from team_invitation_mails
             where status = 'pending' and next_attempt_at <= $1 and (lease_until is null or lease_until <= $1)
             order by next_attempt_at limit ${limit} for update skip locked)
          returning id, org_id, recipient, subject, body, attempts`,
        [now, leaseUntil],
      ),
    /**
     * Records one attempt. Once sent or given up the link is dropped; a message superseded while it was being
     * sent keeps that status (its link is already gone).
     */
    async recordAttempt(id: string, a: MailAttempt): Promise<void> {
      await db.query(
        `update team_invitation_mails set status = case when status = 'superseded' then status
          else $2::text end, attempts = attempts + 1,
                last_error = $3, last_attempt_at = $4, next_attempt_at = $5, lease_until = null,
                body = case when $2::text = 'pending' and status = 'pending' then body end,
                sent_at = case when $2::text = 'sent' then $4::timestamptz else sent_at end
          where id = $1`,
        [id, a.status, a.error, a.at, a.nextAt],
      );
    },
  };
}
export type TeamMailRepo = ReturnType<typeof createTeamMailRepo>;
