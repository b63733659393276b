import { AppError } from "../../http/errors.ts";
import type { Config } from "../../platform/config.ts";
import type { CalendarService } from "../calendar/calendar.service.ts";
import type { Db } from "../../platform/db.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import { createCaldavClient } from "./caldav-client.ts";
import { createCaldavMirror } from "./caldav-mirror.ts";
import { createHubspotRepo } from "./hubspot.repo.ts";
import { createIntegrationsRepo } from "./integrations.repo.ts";
import { createIntegrationsService } from "./integrations.service.ts";
import { createSecretBox } from "./secret-box.ts";

/** A calendar server that has not answered in this long counts as unreachable (the agent is mid-call). */
const CALDAV_TIMEOUT_MS = 5000;

/** The integrations feature: the API's service and the calendar's view of the team's CalDAV calendar. */
type Deps = {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  /** The calendar service, late-bound (it is built after this feature, which it takes busy times from). */
  calendar(): CalendarService;
};

export function wireIntegrations({ db, config, clock, log, calendar }: Deps) {
  if (config.integrations.devDefault)
    log.warn("INTEGRATIONS_KEY is not set: integration passwords are encrypted with the public development key");
  const repo = createIntegrationsRepo(db);
  const caldav = createCaldavClient({
    allowPrivate: config.integrations.allowPrivateUrls,
    timeoutMs: CALDAV_TIMEOUT_MS,
  });
  // Late-bound: the service's Test catches up through the mirror, which opens connections through the service.
  let mirror: ReturnType<typeof createCaldavMirror> | null = null;
  const service = createIntegrationsService({
    repo,
    box: createSecretBox(config.integrations.key),
    caldav,
    clock,
    catchUp: (orgId) => mirror!.catchUp(orgId),
    copyUpcoming: (orgId) => mirror!.copyUpcoming(orgId),
    hubspot: createHubspotRepo(db).view,
  });
  const meeting = (orgId: string, id: string) =>
    calendar()
      .get(orgId, id)
      .catch((err: unknown) => {
        if (err instanceof AppError && err.code === "not_found") return null;
        throw err;
      });
  // The same rule as meeting invitations' UIDs (features/invitations): PUBLIC_URL's host, else "parley".
  const uidHost = config.publicUrl ? new URL(config.publicUrl).hostname : "parley";
  const upcoming = (orgId: string, startDate: string, endDate: string) =>
    calendar().list(orgId, { start_date: startDate, end_date: endDate, timezone: "UTC" });
  mirror = createCaldavMirror({
    repo,
    client: caldav,
    clock,
    log,
    connection: service.connection,
    meeting,
    upcoming,
    uidHost,
  });
  return { service, calendar: mirror.external };
}
