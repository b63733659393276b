import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { CalendarEvent } from "@parley/shared/calendar";
import { agendaDay } from "./calendar-dates.ts";
import { EventChip } from "./EventChip.tsx";
import { eventsOn, matchesSearch } from "./event-display.ts";

type Props = {
  anchor: Date;
  events: CalendarEvent[];
  search: string;
  zone: string;
  onOpen: (e: CalendarEvent) => void;
};

/**
 * Under the month grid on phones: a seventh of 390 px holds no title ("P."), so the grid marks the days with
 * events and this list names them, day by day, with their times and whole titles.
 */
export function MonthAgenda({ anchor, events, search, zone, onOpen }: Props) {
  const length = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0).getDate();
  const days = Array.from({ length }, (_, i) => new Date(anchor.getFullYear(), anchor.getMonth(), i + 1));
  const withEvents = days.map((d) => ({ day: d, list: eventsOn(events, d, zone) })).filter((x) => x.list.length > 0);
  return (
    <Box component="section" aria-label="Events this month" sx={{ mt: 2 }}>
      {withEvents.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No events this month.
        </Typography>
      )}
      {withEvents.map(({ day, list }) => (
        <Box key={day.toISOString()} sx={{ mb: 1.5 }}>
          <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.8 }}>
            {agendaDay(day)}
          </Typography>
          <Stack spacing={0.5}>
            {list.map((e) => (
              <EventChip
                key={e.id}
                event={e}
                zone={zone}
                highlighted={matchesSearch(e, search)}
                onOpen={onOpen}
                roomy
              />
            ))}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
