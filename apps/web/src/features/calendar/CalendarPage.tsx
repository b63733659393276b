import { useState } from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import type { CalendarEvent } from "@parley/shared/calendar";
import { messageOf } from "../../lib/api-error.ts";
import { browserZone } from "../../lib/time-format.ts";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { todayIn } from "../../lib/zoned-time.ts";
import { shiftAnchor, type CalendarView } from "./calendar-dates.ts";
import { blankForm, formFromEvent, type EventForm } from "./event-form.ts";
import { useCalendarEvents, useEventMutations } from "./useCalendarEvents.ts";
import { CalendarToolbar } from "./CalendarToolbar.tsx";
import { DayView } from "./DayView.tsx";
import { EventDetailDialog } from "./EventDetailDialog.tsx";
import { EventFormDialog } from "./EventFormDialog.tsx";
import { MonthView } from "./MonthView.tsx";
import { WeekView } from "./WeekView.tsx";
import { YearView } from "./YearView.tsx";

type Editing = { mode: "create"; form: EventForm } | { mode: "edit"; id: string; form: EventForm } | null;

/**
 * Meetings on the viewer's clock (the organisation's zone, else the browser's), as call logs show them: a meeting
 * the call log lists at 16:05 sits in the 4 PM row here, whatever the browser's own zone.
 */
export function CalendarPage() {
  const zone = useViewerZone();
  const [view, setView] = useState<CalendarView>("month");
  // Until the viewer moves, the anchor is today on the viewer's clock (which may arrive after the first render).
  const [moved, setAnchor] = useState<Date | null>(null);
  const anchor = moved ?? todayIn(zone);
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<CalendarEvent | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const events = useCalendarEvents(view, anchor, zone);
  const { create, update, cancel } = useEventMutations();
  const list = events.data ?? [];
  const openDay = (d: Date) => (setAnchor(d), setView("day"));
  const shared = { anchor, events: list, search, zone, onOpen: setSelected };

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: zone === browserZone() ? 2 : 0.5 }}>
        Calendar
      </Typography>
      {/* A browser on another clock than the organisation's would otherwise read these times as its own. */}
      {zone !== browserZone() && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="calendar-zone">
          Times are {zone} time, your organisation's time zone.
        </Typography>
      )}
      <CalendarToolbar
        view={view}
        anchor={anchor}
        search={search}
        onView={setView}
        onStep={(dir) => setAnchor(shiftAnchor(view, anchor, dir))}
        onToday={() => setAnchor(null)}
        onSearch={setSearch}
        onNew={() => setEditing({ mode: "create", form: blankForm(anchor, zone) })}
      />
      {events.isFetching && <LinearProgress sx={{ mb: 1 }} aria-label="Loading events" />}
      {events.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => events.refetch()}>
              Retry
            </Button>
          }
        >
          <AlertTitle>Failed to load events</AlertTitle>
          {messageOf(events.error, "Please try again.")}
        </Alert>
      ) : view === "day" ? (
        <DayView {...shared} />
      ) : view === "week" ? (
        <WeekView {...shared} onPickDay={openDay} />
      ) : view === "month" ? (
        <MonthView {...shared} onPickDay={openDay} />
      ) : (
        <YearView {...shared} onPickMonth={(d) => (setAnchor(d), setView("month"))} />
      )}
      <EventDetailDialog
        event={selected}
        onClose={() => setSelected(null)}
        onEdit={(e) => (setSelected(null), setEditing({ mode: "edit", id: e.id, form: formFromEvent(e, zone) }))}
        onCancelEvent={async (e) => void (await cancel.mutateAsync(e.id))}
      />
      {editing && (
        <EventFormDialog
          key={editing.mode === "edit" ? editing.id : "new"}
          mode={editing.mode}
          initial={editing.form}
          onClose={() => setEditing(null)}
          onSave={(body) =>
            editing.mode === "edit" ? update.mutateAsync({ id: editing.id, body }) : create.mutateAsync(body)
          }
        />
      )}
    </Box>
  );
}
