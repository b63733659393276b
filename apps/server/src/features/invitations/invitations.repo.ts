import type { Queryable } from "../../platform/db.ts";
import type { DueMail, MailAttempt } from "../../platform/mail-delivery.ts";

export type InvitationRow = {
  event_id: string;
  method: "REQUEST" | "CANCEL";
  sequence: number;
  recipients: string[];
  status: "pending" | "sent" | "failed" | "superseded";
  attempts: number;
  sent_at: Date | null;
  next_attempt_at: Date;
  last_error: string | null;
};
export type NewInvitation = {
  eventId: string;
  method: "REQUEST" | "CANCEL";
  recipients: string[];
  subject: string;
  body: string;
  ics: string;
};
/** A leased invitation with what sending it needs. */
type DueInvitation = {
  id: string;
  recipients: string[];
  subject: string;
  body: string;
  ics: string;
  method: "REQUEST" | "CANCEL";
  attempts: number;
};

const STATUS = "event_id, method, sequence, recipients, status, attempts, sent_at, next_attempt_at, last_error";

export function createInvitationsRepo(db: Queryable) {
  return {
    /** The meeting's next SEQUENCE: one more than the last message queued for it (0 for the first). */
    async nextSequence(orgId: string, eventId: string): Promise<number> {
      const [row] = await db.query<{ next: number }>(
        `select coalesce(max(sequence) + 1, 0)::int as next from meeting_invitations where org_id = $1
          and event_id = $2`,
        [orgId, eventId],
      );
      return row!.next;
    },
    /**
     * Queues a message; older messages of the meeting still waiting are superseded (the newest says it all,
     * and calendar apps keep only the highest SEQUENCE anyway).
     */
    async enqueue(orgId: string, sequence: number, m: NewInvitation, dueAt: Date): Promise<void> {
      await db.query(
        `update meeting_invitations set status = 'superseded' where org_id = $1 and event_id = $2
          and status = 'pending'`,
        [orgId, m.eventId],
      );
      await db.query(
        `insert into meeting_invitations (org_id, event_id, method, sequence, recipients, subject, body, ics,
          next_attempt_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [orgId, m.eventId, m.method, sequence, m.recipients, m.subject, m.body, m.ics, dueAt],
      );
    },
    /** The newest message of each of these meetings (none for a meeting nothing was queued for). */
    latest: (orgId: string, eventIds: string[]) =>
      eventIds.length === 0
        ? Promise.resolve([] as InvitationRow[])
        : db.query<InvitationRow>(
            `select distinct on (event_id) ${STATUS} from meeting_invitations
            where org_id = $1 and event_id = any($2::uuid[]) order by event_id, sequence desc`,
            [orgId, eventIds],
          ),
    /** Leases due messages like webhook deliveries: rows another worker holds are skipped. */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DueMail[]> {
      const rows = await db.query<DueInvitation>(
        `update meeting_invitations set lease_until = $2
          where id in (
            select id from meeting_invitations
             where status = 'pending' and next_attempt_at <= $1 and (lease_until is null or lease_until <= $1)
             order by next_attempt_at limit ${limit} for update skip locked)
          returning id, recipients, subject, body, ics, method, attempts`,
        [now, leaseUntil],
      );
      return rows.map((d) => ({
        id: d.id,
        attempts: d.attempts,
        mail: { to: d.recipients, subject: d.subject, text: d.body, calendar: { method: d.method, ics: d.ics } },
      }));
    },
    /** Records one attempt; a message superseded while it was being sent keeps that status. */
    async recordAttempt(id: string, a: MailAttempt): Promise<void> {
      await db.query(
        `update meeting_invitations set status = case when status = 'superseded' then status
          else $2::text end, attempts = attempts + 1,
                last_error = $3, last_attempt_at = $4, next_attempt_at = $5, lease_until = null,
                sent_at = case when $2::text = 'sent' then $4::timestamptz else sent_at end
          where id = $1`,
        [id, a.status, a.error, a.at, a.nextAt],
      );
    },
    /**
     * Whom the organisation's copy goes to. Settings have no notification address, so: the organisation's contact
     * email (given at sign-up, edited on the Organizations screen), else its first owner's account email.
     */
    async orgContact(orgId: string): Promise<{ name: string; email: string | null }> {
      const [row] = await db.query<{ name: string; email: string | null }>(
        `select o.name, coalesce(nullif(o.contact_email, ''), (select u.email from memberships m
          join users u on u.id = m.user_id
                          where m.org_id = o.id and m.role = 'owner' order by m.created_at, u.id limit 1)) as email
           from organizations o where o.id = $1`,
        [orgId],
      );
      return row ?? { name: "", email: null };
    },
    /**
     * The contact's address. A simulated callee (a contact with a `persona`, like the demo's) is nobody's inbox:
     * its made-up address could be a real stranger's, so it gets no email.
     */
    async contactEmail(orgId: string, contactId: string): Promise<{ name: string; email: string | null } | null> {
      const [row] = await db.query<{ name: string; email: string | null }>(
        "select name, case when persona is null then email end as email from contacts where org_id = $1 and id = $2",
        [orgId, contactId],
      );
      return row ?? null;
    },
  };
}
export type InvitationsRepo = ReturnType<typeof createInvitationsRepo>;
