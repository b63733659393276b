import type { Clock } from "../../platform/clock.ts";
import type { Config } from "../../platform/config.ts";
import type { Db } from "../../platform/db.ts";
import type { Logger } from "../../platform/logger.ts";
import { createMailDelivery } from "../../platform/mail-delivery.ts";
import type { SendMail } from "../../platform/mailer.ts";
import { startQueueLoop } from "../../platform/queue-loop.ts";
import { createSecretBox } from "../integrations/secret-box.ts";
import { createTeamInvitationMail } from "./team-invitation-mail.ts";
import { createTeamMailRepo } from "./team-mail.repo.ts";
import { createTeamRepo } from "./team.repo.ts";
import { createTeamService, type TeamServiceDeps } from "./team.service.ts";

type Deps = {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  auth: TeamServiceDeps["auth"];
  organizations: TeamServiceDeps["organizations"];
  /** The process's one mailer; null without SMTP_URL. */
  send: SendMail | null;
};

/** The team service and the sender of its invitation emails (null without SMTP_URL: links are only shown to copy). */
export function wireTeam({ db, config, clock, log, auth, organizations, send }: Deps) {
  const mail = createTeamInvitationMail({
    repo: createTeamMailRepo(db),
    box: createSecretBox(config.integrations.key),
    clock,
    log,
    configured: send !== null,
  });
  return {
    team: createTeamService({ db, repo: createTeamRepo(db), clock, auth, mail, organizations }),
    delivery: send ? createMailDelivery({ outbox: mail.outbox, clock, send }) : null,
  };
}
export type WiredTeam = ReturnType<typeof wireTeam>;

/** Sends queued team invitations until stopped; nothing runs without SMTP_URL. */
export function startTeamMailLoop(wired: WiredTeam, opts: { log: Logger; intervalMs?: number }) {
  const { delivery } = wired;
  return delivery
    ? startQueueLoop(() => delivery.deliverDue(), { ...opts, what: "team invitation email" })
    : { stop: async () => {} };
}
