import type { CalendarEvent } from "@parley/shared/calendar";
import type { Interval } from "./slots.ts";

/**
 * The team's own calendar outside Parley (CalDAV, features/integrations): its busy times count as taken and
 * Parley's meetings are copied into it. Never throws: a calendar that cannot be read answers `unreachable`
 * (why), and then only Parley's own meetings are known; a failed write is logged and shown in Settings.
 */
export type ExternalCalendar = {
  busy(
    orgId: string,
    from: number,
    to: number,
    zone: string,
  ): Promise<{ busy: Interval[]; unreachable: string | null }>;
  /** `deferred`: the calendar just failed to answer, so the copy is only remembered and made once it answers. */
  booked(orgId: string, event: CalendarEvent, o?: { deferred?: boolean }): Promise<void>;
  changed(orgId: string, event: CalendarEvent): Promise<void>;
  cancelled(orgId: string, event: CalendarEvent): Promise<void>;
};

/** What the agent notes on the call when it could only use Parley's own calendar. */
export const unreachableNote = (why: string) =>
  `The team's calendar could not be reached (${why}): times were offered from Parley's ` +
  "own calendar only; a meeting booked is copied there once it answers.";
