import {
  CalendarEventList,
  CalendarEventReply,
  FeedCreated,
  FeedStatus,
  type CalendarEvent,
  type CalendarEventCreate,
  type CalendarEventUpdate,
} from "@parley/shared/calendar";
import { api } from "../../lib/api-client.ts";

/** The events of start_date..end_date, days of the viewer's `zone` (the server reads the dates as its days). */
export async function fetchEvents(
  range: { start_date: string; end_date: string },
  viewType: string,
  zone: string,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const res = await api("/calendar/events", {
    query: { ...range, view_type: viewType, timezone: zone },
    schema: CalendarEventList,
    signal,
  });
  return res.events;
}

export async function createEvent(body: CalendarEventCreate): Promise<CalendarEvent> {
  return (await api("/calendar/events", { method: "POST", body, schema: CalendarEventReply })).event;
}

export async function updateEvent(id: string, body: CalendarEventUpdate): Promise<CalendarEvent> {
  return (await api(`/calendar/events/${encodeURIComponent(id)}`, { method: "PUT", body, schema: CalendarEventReply }))
    .event;
}

export async function cancelEvent(id: string): Promise<CalendarEvent> {
  return (await api(`/calendar/events/${encodeURIComponent(id)}`, { method: "DELETE", schema: CalendarEventReply }))
    .event;
}

export const feedStatus = () => api("/calendar/feed", { schema: FeedStatus });
export const createFeed = () => api("/calendar/feed", { method: "POST", schema: FeedCreated });
export const revokeFeed = () => api("/calendar/feed", { method: "DELETE", schema: FeedStatus });
