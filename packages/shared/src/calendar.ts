import { z } from "zod";
import { MeetingInvitation } from "./invitations.ts";

/** An IANA zone name the runtime knows (America/New_York, Asia/Kolkata, UTC). */
export const TimeZone = z
  .string()
  .trim()
  .min(1)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "timezone must be an IANA time zone such as America/New_York or Asia/Kolkata.");

const IsoDate = (name: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date as YYYY-MM-DD.`);
const IsoDateTime = (name: string) =>
  z.iso.datetime({ offset: true, message: `${name} must be a date and time such as 2030-01-02T10:00:00Z.` });
export const HourMinute = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Business hours must be written as HH:MM, from 00:00 to 23:59.");

const MAX_RANGE_DAYS = 400;
const daysBetween = (a: string, b: string) =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

/** Both ends inclusive, read in the requested zone. */
const DateRange = z.object({
  start_date: IsoDate("start_date"),
  end_date: IsoDate("end_date"),
  timezone: TimeZone.default("UTC"),
});
const rangeIsOrdered = (r: { start_date: string; end_date: string }) => daysBetween(r.start_date, r.end_date) >= 0;
const rangeIsBounded = (r: { start_date: string; end_date: string }) =>
  daysBetween(r.start_date, r.end_date) <= MAX_RANGE_DAYS;
const rangeChecks = <T extends z.ZodType<{ start_date: string; end_date: string }>>(schema: T) =>
  schema
    .refine(rangeIsOrdered, { message: "end_date must be on or after start_date.", path: ["end_date"] })
    .refine(rangeIsBounded, { message: `A range may span at most ${MAX_RANGE_DAYS} days.`, path: ["end_date"] });

export const EventStatus = z.enum(["scheduled", "cancelled"]);
export const EventSource = z.enum(["agent", "staff"]);

export const CalendarEvent = z.object({
  id: z.string(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  timezone: z.string(),
  description: z.string(),
  location: z.string(),
  attendees: z.array(z.string()),
  is_virtual: z.boolean(),
  meeting_url: z.string().nullable(),
  status: EventStatus,
  source: EventSource,
  campaign_id: z.string().nullable(),
  contact_id: z.string().nullable(),
  call_id: z.string().nullable(),
  /** Whether its invitation email went out; on the calendar API's answers (not in webhook payloads). */
  invitation: MeetingInvitation.optional(),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;
export const CalendarEventList = z.object({ events: z.array(CalendarEvent) });
export const CalendarEventReply = z.object({ event: CalendarEvent });

export const EventsQuery = rangeChecks(
  DateRange.extend({
    campaign_id: z.uuid("campaign_id must be a uuid.").optional(),
    user_id: z.uuid("user_id must be a uuid.").optional(),
    view_type: z.enum(["day", "week", "month", "year"]).optional(),
    q: z.string().trim().max(200).optional(),
  }),
);
export type EventsQuery = z.input<typeof EventsQuery>;

const MeetingUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => u === "" || /^https?:\/\/\S+$/i.test(u), "Meeting link must start with http:// or https://.");

const Attendees = z
  .array(z.string().trim().min(1, "An attendee cannot be blank.").max(200))
  .max(100, "At most 100 attendees.");

const EventFields = z.object({
  title: z.string().trim().min(1, "Title is required.").max(200, "Title must be at most 200 characters."),
  start_time: IsoDateTime("Start time"),
  end_time: IsoDateTime("End time"),
  timezone: TimeZone.default("UTC"),
  description: z.string().trim().max(5000).default(""),
  location: z.string().trim().max(500).default(""),
  attendees: Attendees.default([]),
  is_virtual: z.boolean().default(false),
  meeting_url: MeetingUrl.default(""),
  campaign_id: z.uuid("campaign_id must be a uuid.").nullable().optional(),
  contact_id: z.uuid("contact_id must be a uuid.").nullable().optional(),
});
const MAX_EVENT_MS = 7 * 86_400_000;
const endAfterStart = (e: { start_time?: string; end_time?: string }) =>
  !e.start_time || !e.end_time || Date.parse(e.end_time) > Date.parse(e.start_time);
const notTooLong = (e: { start_time?: string; end_time?: string }) =>
  !e.start_time || !e.end_time || Date.parse(e.end_time) - Date.parse(e.start_time) <= MAX_EVENT_MS;

export const CalendarEventCreate = EventFields.refine(endAfterStart, {
  message: "End time must be after start time.",
  path: ["end_time"],
}).refine(notTooLong, { message: "An event may last at most 7 days.", path: ["end_time"] });
export type CalendarEventCreate = z.input<typeof CalendarEventCreate>;

/** Only the fields sent change; when both times are sent they must still be in order. */
export const CalendarEventUpdate = z
  .object({
    title: EventFields.shape.title.optional(),
    start_time: IsoDateTime("Start time").optional(),
    end_time: IsoDateTime("End time").optional(),
    timezone: TimeZone.optional(),
    description: z.string().trim().max(5000).optional(),
    location: z.string().trim().max(500).optional(),
    attendees: Attendees.optional(),
    is_virtual: z.boolean().optional(),
    meeting_url: MeetingUrl.optional(),
  })
  .refine(endAfterStart, { message: "End time must be after start time.", path: ["end_time"] })
  .refine(notTooLong, { message: "An event may last at most 7 days.", path: ["end_time"] });
export type CalendarEventUpdate = z.input<typeof CalendarEventUpdate>;

export const AvailabilityQuery = rangeChecks(
  DateRange.extend({
    duration_minutes: z.coerce
      .number()
      .int()
      .min(5, "duration_minutes must be between 5 and 480.")
      .max(480, "duration_minutes must be between 5 and 480.")
      .default(30),
    business_hours_start: HourMinute.default("09:00"),
    business_hours_end: HourMinute.default("17:00"),
  }),
).refine((q) => q.business_hours_start < q.business_hours_end, {
  message: "Business hours must end after they start.",
  path: ["business_hours_end"],
});
export type AvailabilityQuery = z.input<typeof AvailabilityQuery>;

export const Slot = z.object({ start: z.string(), end: z.string() });
export type Slot = z.infer<typeof Slot>;
export const Availability = z.object({ data: z.object({ slots: z.array(Slot) }) });

export const StatsQuery = rangeChecks(DateRange);
export type StatsQuery = z.input<typeof StatsQuery>;
export const DayCount = z.object({ date: z.string(), count: z.number() });
export const CalendarStats = z.object({
  total_meetings: z.number(),
  upcoming: z.number(),
  virtual: z.number(),
  in_person: z.number(),
  booked_by_agent: z.number(),
  by_day: z.array(DayCount),
});
export type CalendarStats = z.infer<typeof CalendarStats>;
export const CalendarStatsReply = z.object({ data: CalendarStats });

/** The secret URL is answered once, when created; afterwards only whether one is active. */
export const FeedStatus = z.object({ active: z.boolean(), created_at: z.string().nullable() });
export type FeedStatus = z.infer<typeof FeedStatus>;
export const FeedCreated = z.object({ url: z.string(), created_at: z.string() });
export type FeedCreated = z.infer<typeof FeedCreated>;
