import type { CalendarEvent } from "@parley/shared/calendar";
import type { MeetingInvitation } from "@parley/shared/invitations";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import { buildInvitationIcs } from "./invitation-ics.ts";
import { invitationText, type InvitationChange } from "./invitation-message.ts";
import type { InvitationRow, InvitationsRepo } from "./invitations.repo.ts";

/** What the calendar calls where a meeting is booked, changed or cancelled, and asks to show each one's state. */
export interface MeetingInvitations {
  queue(orgId: string, event: CalendarEvent, change: InvitationChange): Promise<void>;
  statuses(orgId: string, eventIds: string[]): Promise<Map<string, MeetingInvitation>>;
}

type Deps = {
  repo: InvitationsRepo;
  clock: Clock;
  log: Logger;
  /** SMTP_FROM; null (no SMTP_URL): nothing is queued and every meeting shows `not_configured`. */
  from: string | null;
  /** The right-hand side of every UID (`<event id>@<host>`), stable for the life of the meeting. */
  uidHost: string;
};

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** "Parley <meetings@example.com>" → meetings@example.com. */
const addressOf = (from: string) => (from.match(/<([^>]+)>/)?.[1] ?? from).trim();

const NOT_QUEUED = {
  method: null,
  sequence: null,
  recipients: [],
  attempts: 0,
  sent_at: null,
  next_attempt_at: null,
  last_error: null,
} as const;

function toInvitation(r: InvitationRow): MeetingInvitation {
  return {
    // A superseded row is never the newest, so it never shows; read as pending should it ever.
    status: r.status === "superseded" ? "pending" : r.status,
    method: r.method,
    sequence: r.sequence,
    recipients: r.recipients,
    attempts: r.attempts,
    sent_at: r.sent_at?.toISOString() ?? null,
    next_attempt_at: r.status === "pending" ? r.next_attempt_at.toISOString() : null,
    last_error: r.last_error,
  };
}

export function createMeetingInvitations(deps: Deps): MeetingInvitations {
  const { repo, clock, log, from, uidHost } = deps;

  /** The contact (when its email is known), attendees written as addresses, and the organisation's address. */
  async function recipients(orgId: string, e: CalendarEvent) {
    const org = await repo.orgContact(orgId);
    const contact = e.contact_id ? await repo.contactEmail(orgId, e.contact_id) : null;
    const people = [
      ...(contact?.email ? [{ name: contact.name, email: contact.email }] : []),
      ...e.attendees.filter((a) => EMAIL.test(a)).map((email) => ({ name: "", email })),
      ...(org.email ? [{ name: org.name, email: org.email }] : []),
    ].filter((p) => EMAIL.test(p.email));
    const seen = new Set<string>();
    return { org, people: people.filter((p) => !seen.has(p.email.toLowerCase()) && seen.add(p.email.toLowerCase())) };
  }

  return {
    // Never throws: an invitation that cannot be queued is logged and must not undo the booking.
    async queue(orgId, e, change) {
      if (!from) return;
      try {
        const { org, people } = await recipients(orgId, e);
        if (!people.length) return;
        const method = change === "cancelled" ? "CANCEL" : "REQUEST";
        // Cancelling a cancelled meeting again (the API allows it) tells nobody anything new.
        if (method === "CANCEL" && (await repo.latest(orgId, [e.id]))[0]?.method === "CANCEL") return;
        const sequence = await repo.nextSequence(orgId, e.id);
        const ics = buildInvitationIcs({
          uid: `${e.id}@${uidHost}`,
          method,
          sequence,
          title: e.title,
          description: e.description,
          location: e.location,
          meetingUrl: e.meeting_url,
          startAt: new Date(e.start_time),
          endAt: new Date(e.end_time),
          timezone: e.timezone,
          organizer: { name: org.name, email: addressOf(from) },
          attendees: people,
          stamp: clock.now(),
        });
        const { subject, text } = invitationText(e, change, org.name);
        await repo.enqueue(
          orgId,
          sequence,
          { eventId: e.id, method, recipients: people.map((p) => p.email), subject, body: text, ics },
          clock.now(),
        );
      } catch (err) {
        log.error({ err, orgId, eventId: e.id, change }, "meeting invitation could not be queued");
      }
    },

    async statuses(orgId, eventIds) {
      const out = new Map<string, MeetingInvitation>();
      if (!from) {
        for (const id of eventIds) out.set(id, { status: "not_configured", ...NOT_QUEUED, recipients: [] });
        return out;
      }
      for (const id of eventIds) out.set(id, { status: "not_sent", ...NOT_QUEUED, recipients: [] });
      for (const r of await repo.latest(orgId, eventIds)) out.set(r.event_id, toInvitation(r));
      return out;
    },
  };
}
