import crypto from "node:crypto";
import type { Clock } from "../../platform/clock.ts";

/** `subject` is what the ticket opens: the campaign of a test call, or the call to listen to. */
export type TicketHolder = { orgId: string; userId: string; subject: string };

export const TICKET_TTL_SECS = 60;

/**
 * Single-use tickets for the test-call and listening WebSockets (a browser cannot put a bearer token on a WebSocket, and a
 * token in a URL would end up in logs). Kept in this process's memory: the socket is opened seconds after
 * the ticket, against the same server that issued it.
 */
export function createTicketStore(clock: Clock, ttlSecs = TICKET_TTL_SECS) {
  const tickets = new Map<string, TicketHolder & { expiresAt: number }>();
  const sweep = (now: number) => {
    for (const [k, v] of tickets) if (v.expiresAt <= now) tickets.delete(k);
  };
  return {
    ttlSecs,
    issue(holder: TicketHolder): string {
      const now = clock.now().getTime();
      sweep(now);
      const ticket = crypto.randomBytes(24).toString("base64url");
      tickets.set(ticket, { ...holder, expiresAt: now + ttlSecs * 1000 });
      return ticket;
    },
    /** The holder when the ticket is live and for this subject; it is spent either way. */
    redeem(ticket: string, subject: string): TicketHolder | null {
      const t = tickets.get(ticket);
      tickets.delete(ticket);
      if (!t || t.expiresAt <= clock.now().getTime() || t.subject !== subject) return null;
      return { orgId: t.orgId, userId: t.userId, subject: t.subject };
    },
  };
}
export type TicketStore = ReturnType<typeof createTicketStore>;
