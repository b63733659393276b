import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { CalendarEvent } from "@parley/shared/calendar";
import { DAY_HOURS, hourLabel } from "./calendar-dates.ts";
import { EventChip } from "./EventChip.tsx";
import { eventsOn, matchesSearch, startHour } from "./event-display.ts";

type Props = {
  anchor: Date;
  events: CalendarEvent[];
  search: string;
  zone: string;
  onOpen: (e: CalendarEvent) => void;
};

const FIRST = DAY_HOURS[0]!;
const LAST = DAY_HOURS.at(-1)!;

/**
 * Hourly rows 7:00 AM to 5:00 PM on the viewer's clock (`zone`); meetings outside those hours are listed above or
 * below, never lost.
 */
export function DayView({ anchor, events, search, zone, onOpen }: Props) {
  const today = eventsOn(events, anchor, zone);
  const hourOf = (e: CalendarEvent) => startHour(e, zone);
  const rows: { label: string; items: CalendarEvent[] }[] = [
    { label: "Earlier", items: today.filter((e) => hourOf(e) < FIRST) },
    ...DAY_HOURS.map((h) => ({ label: hourLabel(h), items: today.filter((e) => hourOf(e) === h) })),
    { label: "Later", items: today.filter((e) => hourOf(e) > LAST) },
  ].filter((r, i, all) => r.items.length > 0 || (i > 0 && i < all.length - 1));

  return (
    <Box
      role="grid"
      aria-label="Day view"
      sx={{ border: 1, borderColor: "divider", borderRadius: 2, overflow: "hidden" }}
    >
      {rows.map((row) => (
        <Box
          key={row.label}
          role="row"
          sx={{
            display: "flex",
            minHeight: 56,
            borderBottom: 1,
            borderColor: "divider",
            "&:last-of-type": { borderBottom: 0 },
          }}
        >
          <Typography
            role="rowheader"
            variant="caption"
            color="text.secondary"
            sx={{ width: 84, flexShrink: 0, p: 1, borderRight: 1, borderColor: "divider" }}
          >
            {row.label}
          </Typography>
          <Stack role="gridcell" spacing={0.5} sx={{ flex: 1, p: 0.75, minWidth: 0 }}>
            {row.items.map((e) => (
              <EventChip key={e.id} event={e} zone={zone} highlighted={matchesSearch(e, search)} onOpen={onOpen} />
            ))}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
