import type { Config } from "../../platform/config.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db.ts";
import type { Logger } from "../../platform/logger.ts";
import { startQueueLoop } from "../../platform/queue-loop.ts";
import { createMailDelivery } from "../../platform/mail-delivery.ts";
import type { SendMail } from "../../platform/mailer.ts";
import { createInvitationsRepo } from "./invitations.repo.ts";
import { createMeetingInvitations } from "./meeting-invitations.ts";

/**
 * Meeting invitations: the calendar's hook and the sender's pass (null without SMTP_URL: nothing to send).
 * `send` is the process's one mailer (null without SMTP_URL).
 */
export function wireInvitations({
  db,
  config,
  clock,
  log,
  send,
}: {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  send: SendMail | null;
}) {
  const repo = createInvitationsRepo(db);
  const uidHost = config.publicUrl ? new URL(config.publicUrl).hostname : "parley";
  return {
    invitations: createMeetingInvitations({ repo, clock, log, from: config.smtp?.from ?? null, uidHost }),
    delivery: send ? createMailDelivery({ outbox: repo, clock, send }) : null,
  };
}
export type WiredInvitations = ReturnType<typeof wireInvitations>;

/** Sends queued invitations until stopped; nothing runs without SMTP_URL. */
export function startInvitationLoop(wired: WiredInvitations, opts: { log: Logger; intervalMs?: number }) {
  const { delivery } = wired;
  return delivery
    ? startQueueLoop(() => delivery.deliverDue(), { ...opts, what: "meeting invitation" })
    : { stop: async () => {} };
}
