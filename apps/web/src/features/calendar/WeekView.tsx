import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { CalendarEvent } from "@parley/shared/calendar";
import { todayIn } from "../../lib/zoned-time.ts";
import { sameDay, weekDays, weekdayAndDate } from "./calendar-dates.ts";
import { EventChip } from "./EventChip.tsx";
import { eventsOn, matchesSearch } from "./event-display.ts";

type Props = {
  anchor: Date;
  events: CalendarEvent[];
  search: string;
  zone: string;
  onOpen: (e: CalendarEvent) => void;
  onPickDay: (d: Date) => void;
};

/** Sunday-to-Saturday grid: seven columns on wide screens, one day per row on phones. */
export function WeekView({ anchor, events, search, zone, onOpen, onPickDay }: Props) {
  const now = todayIn(zone);
  return (
    <Box
      role="grid"
      aria-label="Week view"
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "1fr", sm: "repeat(7, minmax(0, 1fr))" },
        border: 1,
        borderColor: "divider",
        borderRadius: 2,
        overflow: "hidden",
      }}
    >
      {weekDays(anchor).map((day) => (
        <Box
          key={day.toISOString()}
          role="gridcell"
          sx={{
            minHeight: { xs: 0, sm: 420 },
            p: 0.75,
            borderColor: "divider",
            borderStyle: "solid",
            borderWidth: 0,
            borderRightWidth: { sm: 1 },
            borderBottomWidth: { xs: 1, sm: 0 },
            "&:last-of-type": { borderRightWidth: 0, borderBottomWidth: 0 },
          }}
        >
          <Box role="columnheader" sx={{ mb: 0.75 }}>
            <Box
              component="button"
              onClick={() => onPickDay(day)}
              sx={{ all: "unset", cursor: "pointer", color: sameDay(day, now) ? "primary.light" : "text.secondary" }}
            >
              <Typography variant="caption" sx={{ fontWeight: 700 }}>
                {weekdayAndDate(day)}
              </Typography>
            </Box>
          </Box>
          <Stack spacing={0.5}>
            {eventsOn(events, day, zone).map((e) => (
              <EventChip key={e.id} event={e} zone={zone} highlighted={matchesSearch(e, search)} onOpen={onOpen} />
            ))}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
