import crypto from "node:crypto";
import type { Clock } from "../../platform/clock.ts";
import type { Queryable } from "../../platform/db.ts";

/** `subject` is what the ticket opens: the campaign of a test call, or the call to listen to. */
export type TicketHolder = { orgId: string; userId: string; subject: string };

/** Which socket a ticket opens: a test-call ticket never opens a listening socket, nor the reverse. */
export type TicketPurpose = "test-call" | "listen";

export const TICKET_TTL_SECS = 60;

const hash = (ticket: string) => crypto.createHash("sha256").update(ticket).digest();

/**
 * Single-use tickets for the test-call and listening WebSockets (a browser cannot put a bearer token on a
 * WebSocket, and a token in a URL would end up in logs). Kept in the database, hashed, so the socket may
 * reach any API process (no sticky sessions); redeeming deletes the row in one statement, so two
 * processes racing on one ticket cannot both win.
 */
export function createTicketStore(db: Queryable, clock: Clock, purpose: TicketPurpose, ttlSecs = TICKET_TTL_SECS) {
  return {
    ttlSecs,
    async issue(holder: TicketHolder): Promise<string> {
      const now = clock.now();
      // Expired tickets are swept as new ones are issued; the expiry index keeps this a short range delete.
      await db.query("delete from socket_tickets where expires_at <= $1", [now]);
      const ticket = crypto.randomBytes(24).toString("base64url");
      await db.query(
        `insert into socket_tickets (ticket_hash, purpose, org_id, user_id, subject, expires_at)
          values ($1, $2, $3, $4, $5, $6)`,
        [hash(ticket), purpose, holder.orgId, holder.userId, holder.subject, new Date(now.getTime() + ttlSecs * 1000)],
      );
      return ticket;
    },
    /** The holder when the ticket is live and for this subject; it is spent either way. */
    async redeem(ticket: string, subject: string): Promise<TicketHolder | null> {
      // The routes redeem before the query is validated (to answer 401 before the upgrade): it may be absent.
      if (typeof ticket !== "string" || !ticket) return null;
      const [t] = await db.query<{ org_id: string; user_id: string; subject: string; expires_at: Date }>(
        `delete from socket_tickets where ticket_hash = $1 and purpose = $2
          returning org_id, user_id, subject, expires_at`,
        [hash(ticket), purpose],
      );
      if (!t || new Date(t.expires_at).getTime() <= clock.now().getTime() || t.subject !== subject) return null;
      return { orgId: t.org_id, userId: t.user_id, subject: t.subject };
    },
  };
}
export type TicketStore = ReturnType<typeof createTicketStore>;
