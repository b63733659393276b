import { z } from "zod";
import type { CalendarEvent, Slot } from "@parley/shared/calendar";
import {
  type AvailabilityQuery,
  type CalendarEventCreate,
  type CalendarEventUpdate,
  type EventsQuery,
  HourMinute,
  type StatsQuery,
  TimeZone,
} from "@parley/shared/calendar";
import type { Clock } from "../../platform/clock.ts";
import type { Db, Queryable } from "../../platform/db.ts";
import { notFound, toFieldIssues, validationError } from "../../http/errors.ts";
import type { CalendarRepo, EventRow } from "./calendar.repo.ts";
import { computeStats, rangeInstants } from "./calendar-stats.ts";
import { businessWindows, checkBooking, freeSlots, type BusinessHours, type Interval } from "./slots.ts";
import type { WebhookEvents } from "../webhooks/webhook-events.ts";
import { unreachableNote, type ExternalCalendar } from "./external-calendar.ts";
import type { MeetingInvitations } from "../invitations/meeting-invitations.ts";
import { meetingUrlFor, type MeetingLinkSetting } from "./meeting-link.ts";

export function toCalendarEvent(r: EventRow): CalendarEvent {
  return {
    id: r.id,
    title: r.title,
    start_time: r.start_at.toISOString(),
    end_time: r.end_at.toISOString(),
    timezone: r.timezone,
    description: r.description,
    location: r.location,
    attendees: r.attendees,
    is_virtual: r.is_virtual,
    meeting_url: r.meeting_url,
    status: r.status,
    source: r.source,
    campaign_id: r.campaign_id,
    contact_id: r.contact_id,
    call_id: r.call_id,
  };
}
const toSlot = (i: Interval): Slot => ({ start: new Date(i.start).toISOString(), end: new Date(i.end).toISOString() });

/** What the voice agent asks for; validated here because it does not come over HTTP. */
export const BookMeetingInput = z.object({
  title: z.string().trim().min(1, "Title is required.").max(200),
  startAt: z.union([z.date(), z.iso.datetime({ offset: true })]).transform((v) => new Date(v)),
  durationMinutes: z.number().int().min(5).max(480),
  timezone: TimeZone,
  businessHours: z
    .object({ start: HourMinute, end: HourMinute })
    .refine((h) => h.start < h.end, "Business hours must end after they start."),
  /** The contact's reasonable hours on their clock: a meeting must fall inside both theirs and the team's. */
  contactHours: z.object({ timezone: TimeZone, start: HourMinute, end: HourMinute }).optional(),
  attendees: z.array(z.string().trim().min(1)).max(100).default([]),
  contactId: z.uuid().optional(),
  campaignId: z.uuid().optional(),
  callId: z.uuid().optional(),
  description: z.string().max(5000).default(""),
  location: z.string().max(500).default(""),
  isVirtual: z.boolean().default(true),
});
export type BookMeetingInput = z.input<typeof BookMeetingInput>;
export type BookMeetingResult =
  | { booked: true; event: CalendarEvent; calendarNote?: string }
  | { booked: false; reason: "in_past" | "outside_hours" | "conflict"; alternatives: Slot[]; calendarNote?: string };

type Range = { startDate: string; endDate: string };
const DAY_MS = 86_400_000;

export function createCalendarService(deps: {
  db: Db;
  repo: CalendarRepo;
  clock: Clock;
  events?: WebhookEvents;
  external?: ExternalCalendar;
  invitations?: MeetingInvitations;
  /** The organisation's meeting link (Settings); without it the agent's meetings have none. */
  meetingLink?: (orgId: string) => Promise<MeetingLinkSetting>;
}) {
  const { db, repo, clock } = deps;

  /** The API's events carry whether their invitation email went out. */
  async function withInvitations(orgId: string, events: CalendarEvent[]): Promise<CalendarEvent[]> {
    if (!deps.invitations || !events.length) return events;
    const states = await deps.invitations.statuses(
      orgId,
      events.map((e) => e.id),
    );
    return events.map((e) => ({ ...e, invitation: states.get(e.id) }));
  }
  const withInvitation = async (orgId: string, e: CalendarEvent) => (await withInvitations(orgId, [e]))[0]!;

  async function busyIntervals(orgId: string, from: number, to: number, q: Queryable = db): Promise<Interval[]> {
    const rows = await repo.busy(q, orgId, new Date(from), new Date(to));
    return rows.map((r) => ({ start: r.start_at.getTime(), end: r.end_at.getTime() }));
  }

  async function findFreeSlots(
    orgId: string,
    range: Range,
    durationMinutes: number,
    hours: BusinessHours,
    zone: string,
  ): Promise<Slot[]> {
    const windows = businessWindows(range.startDate, range.endDate, hours, zone);
    if (windows.length === 0) return [];
    const [from, to] = [windows[0]!.start, windows.at(-1)!.end];
    const busy = [
      ...(await busyIntervals(orgId, from, to)),
      ...((await deps.external?.busy(orgId, from, to, zone))?.busy ?? []),
    ];
    return freeSlots({ windows, busy, durationMinutes, notBefore: clock.now().getTime(), zone }).map(toSlot);
  }

  return {
    async list(orgId: string, query: z.output<typeof EventsQuery>): Promise<CalendarEvent[]> {
      const { from, to } = rangeInstants(query.start_date, query.end_date, query.timezone);
      const rows = await repo.list(orgId, {
        from,
        to,
        campaignId: query.campaign_id,
        userId: query.user_id,
        q: query.q || undefined,
      });
      return withInvitations(orgId, rows.map(toCalendarEvent));
    },

    async get(orgId: string, id: string): Promise<CalendarEvent> {
      const row = await repo.findById(orgId, id);
      if (!row || row.status === "cancelled") throw notFound("Event");
      return withInvitation(orgId, toCalendarEvent(row));
    },

    /** Staff events may overlap (a person can choose to double-book); only the agent is kept apart. */
    async create(orgId: string, userId: string, input: z.output<typeof CalendarEventCreate>): Promise<CalendarEvent> {
      const row = await repo.insert(db, orgId, {
        title: input.title,
        description: input.description,
        location: input.location,
        is_virtual: input.is_virtual,
        meeting_url: input.meeting_url || null,
        start_at: new Date(input.start_time),
        end_at: new Date(input.end_time),
        timezone: input.timezone,
        attendees: input.attendees,
        source: "staff",
        contact_id: input.contact_id ?? null,
        campaign_id: input.campaign_id ?? null,
        call_id: null,
        created_by: userId,
      });
      await deps.events?.emit(orgId, "meeting.booked", { meeting: toCalendarEvent(row) });
      await deps.external?.booked(orgId, toCalendarEvent(row));
      await deps.invitations?.queue(orgId, toCalendarEvent(row), "booked");
      return withInvitation(orgId, toCalendarEvent(row));
    },

    async update(orgId: string, id: string, input: z.output<typeof CalendarEventUpdate>): Promise<CalendarEvent> {
      const current = await repo.findById(orgId, id);
      if (!current || current.status === "cancelled") throw notFound("Event");
      const startAt = input.start_time ? new Date(input.start_time) : current.start_at;
      const endAt = input.end_time ? new Date(input.end_time) : current.end_at;
      if (endAt <= startAt)
        throw validationError([{ path: "end_time", message: "End time must be after start time." }]);
      if (endAt.getTime() - startAt.getTime() > 7 * DAY_MS)
        throw validationError([{ path: "end_time", message: "An event may last at most 7 days." }]);
      const { start_time: _s, end_time: _e, meeting_url, ...rest } = input;
      const row = await repo.update(orgId, id, {
        ...rest,
        ...(meeting_url === undefined ? {} : { meeting_url: meeting_url || null }),
        start_at: startAt,
        end_at: endAt,
      });
      if (!row) throw notFound("Event");
      await deps.external?.changed(orgId, toCalendarEvent(row));
      await deps.invitations?.queue(orgId, toCalendarEvent(row), "updated");
      return withInvitation(orgId, toCalendarEvent(row));
    },

    async cancel(orgId: string, id: string): Promise<CalendarEvent> {
      const row = await repo.cancel(orgId, id);
      if (!row) throw notFound("Event");
      await deps.events?.emit(orgId, "meeting.cancelled", { meeting: toCalendarEvent(row) });
      await deps.external?.cancelled(orgId, toCalendarEvent(row));
      await deps.invitations?.queue(orgId, toCalendarEvent(row), "cancelled");
      return withInvitation(orgId, toCalendarEvent(row));
    },

    availability(orgId: string, q: z.output<typeof AvailabilityQuery>): Promise<Slot[]> {
      const hours = { start: q.business_hours_start, end: q.business_hours_end };
      return findFreeSlots(
        orgId,
        { startDate: q.start_date, endDate: q.end_date },
        q.duration_minutes,
        hours,
        q.timezone,
      );
    },

    async stats(orgId: string, q: z.output<typeof StatsQuery>) {
      const { from, to } = rangeInstants(q.start_date, q.end_date, q.timezone);
      const rows = await repo.list(orgId, { from, to });
      return computeStats(rows, { startDate: q.start_date, endDate: q.end_date, zone: q.timezone }, clock.now());
    },

    findFreeSlots,

    /**
     * Books a meeting for the voice agent inside the team's working hours (and the contact's, when given) and on
     * top of no other meeting.
     * When the asked time cannot be had, books nothing and answers the nearest free slots instead.
     */
    async bookMeeting(orgId: string, raw: BookMeetingInput): Promise<BookMeetingResult> {
      const parsed = BookMeetingInput.safeParse(raw);
      if (!parsed.success) throw validationError(toFieldIssues(parsed.error.issues));
      const m = parsed.data;
      const start = m.startAt.getTime();
      const [from, to] = [Math.min(start, clock.now().getTime()) - 15 * DAY_MS, start + 15 * DAY_MS];
      // Read before the transaction: a slow calendar server must not hold the organisation's booking lock.
      const external = await deps.external?.busy(orgId, from, to, m.timezone);
      const note = external?.unreachable ? { calendarNote: unreachableNote(external.unreachable) } : {};
      // Real or absent: the team's room, a new room under its on-demand host, or none (meeting-link.ts).
      const meetingUrl = m.isVirtual ? meetingUrlFor(await deps.meetingLink?.(orgId)) : null;
      const booking = await db.tx(async (tx) => {
        await repo.lockOrg(tx, orgId);
        const busy = [...(await busyIntervals(orgId, from, to, tx)), ...(external?.busy ?? [])];
        const check = checkBooking({
          start,
          durationMinutes: m.durationMinutes,
          hours: m.businessHours,
          zone: m.timezone,
          busy,
          now: clock.now().getTime(),
          ...(m.contactHours
            ? {
                contactHours: {
                  hours: { start: m.contactHours.start, end: m.contactHours.end },
                  zone: m.contactHours.timezone,
                },
              }
            : {}),
        });
        if (!check.ok)
          return {
            booked: false as const,
            reason: check.reason,
            alternatives: check.alternatives.map(toSlot),
            ...note,
          };
        const row = await repo.insert(tx, orgId, {
          title: m.title,
          description: m.description,
          location: m.location,
          is_virtual: m.isVirtual,
          meeting_url: meetingUrl,
          start_at: m.startAt,
          end_at: new Date(start + m.durationMinutes * 60_000),
          timezone: m.timezone,
          attendees: m.attendees,
          source: "agent",
          contact_id: m.contactId ?? null,
          campaign_id: m.campaignId ?? null,
          call_id: m.callId ?? null,
          created_by: null,
        });
        return { booked: true as const, event: toCalendarEvent(row), ...note };
      });
      // When the calendar just failed to answer, the copy waits until it does (no second wait in a call).
      if (booking.booked)
        await deps.external?.booked(orgId, booking.event, { deferred: Boolean(external?.unreachable) });
      if (booking.booked) await deps.events?.emit(orgId, "meeting.booked", { meeting: booking.event });
      if (booking.booked) await deps.invitations?.queue(orgId, booking.event, "booked");
      return booking;
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
