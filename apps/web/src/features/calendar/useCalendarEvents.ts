import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CalendarEventCreate, CalendarEventUpdate } from "@parley/shared/calendar";
import { visibleRange, type CalendarView } from "./calendar-dates.ts";
import { cancelEvent, createEvent, fetchEvents, updateEvent } from "./calendar-api.ts";
import { liveEvents } from "./event-display.ts";

const KEY = ["calendar-events"] as const;

/** Events of the visible period, days of the viewer's `zone`; the key holds both, so a change refetches. */
export function useCalendarEvents(view: CalendarView, anchor: Date, zone: string) {
  const range = visibleRange(view, anchor);
  const query = useQuery({
    queryKey: [...KEY, range.start_date, range.end_date, zone],
    queryFn: ({ signal }) => fetchEvents(range, view, zone, signal),
    select: liveEvents,
    retry: false,
  });
  return { ...query, range };
}

/** Create, edit and cancel; each refreshes every loaded period. */
export function useEventMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  return {
    create: useMutation({ mutationFn: (body: CalendarEventCreate) => createEvent(body), onSuccess: refresh }),
    update: useMutation({
      mutationFn: (v: { id: string; body: CalendarEventUpdate }) => updateEvent(v.id, v.body),
      onSuccess: refresh,
    }),
    cancel: useMutation({ mutationFn: (id: string) => cancelEvent(id), onSuccess: refresh }),
  };
}
