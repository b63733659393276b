import type { Clock } from "../../platform/clock.ts";
import type { Config } from "../../platform/config.ts";
import type { Db } from "../../platform/db.ts";
import type { Logger } from "../../platform/logger.ts";
import { wireIntegrations } from "../integrations/integrations.wiring.ts";
import type { MeetingInvitations } from "../invitations/meeting-invitations.ts";
import type { WebhookEvents } from "../webhooks/webhook-events.ts";
import { createCalendarFeedService } from "./calendar-feed.service.ts";
import { createCalendarRepo } from "./calendar.repo.ts";
import { createCalendarService, type CalendarService } from "./calendar.service.ts";
import type { MeetingLinkSetting } from "./meeting-link.ts";

type Deps = {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  /** Meetings booked, changed and cancelled are announced (webhooks, the CRM). */
  events: WebhookEvents;
  /** Invitations by email, queued where meetings are booked, changed or cancelled. */
  invitations: MeetingInvitations;
  /** The organisation's meeting link (Settings), read each time the agent books. */
  meetingLink: (orgId: string) => Promise<MeetingLinkSetting>;
};

/**
 * The team's calendar, its feeds, and the integrations (Settings → Integrations) with the team's own CalDAV
 * calendar. The two calendars read each other: Parley takes busy times from CalDAV, and the CalDAV mirror copies
 * Parley's meetings there, reading them only while it serves a request, once both are built.
 */
export function wireCalendar({ db, config, clock, log, events, invitations, meetingLink }: Deps) {
  const repo = createCalendarRepo(db);
  const built: { calendar?: CalendarService } = {};
  const integrations = wireIntegrations({
    db,
    config,
    clock,
    log,
    calendar: () => {
      if (!built.calendar) throw new Error("the calendar is read before it is built");
      return built.calendar;
    },
  });
  const external = integrations.calendar;
  const service = createCalendarService({ db, repo, clock, events, external, invitations, meetingLink });
  built.calendar = service;
  return { service, feeds: createCalendarFeedService({ db, repo, clock }), integrations };
}
