import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import type { CalendarEvent } from "@parley/shared/calendar";
import { todayIn } from "../../lib/zoned-time.ts";
import { monthGrid, sameDay } from "./calendar-dates.ts";
import { EventChip } from "./EventChip.tsx";
import { MonthAgenda } from "./MonthAgenda.tsx";
import { eventsOn, matchesSearch } from "./event-display.ts";

type Props = {
  anchor: Date;
  events: CalendarEvent[];
  search: string;
  zone: string;
  onOpen: (e: CalendarEvent) => void;
  onPickDay: (d: Date) => void;
};

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/**
 * Month grid: 3 events per cell (2 below 600 px) and '+N more', which opens that day. Below 600 px a cell shows
 * each event's icon only, and the month's events are listed under the grid with their times and titles.
 */
export function MonthView({ anchor, events, search, zone, onOpen, onPickDay }: Props) {
  const small = useMediaQuery((t: Theme) => t.breakpoints.down("sm"));
  const perCell = small ? 2 : 3;
  const now = todayIn(zone);
  return (
    <>
      <Box
        role="grid"
        aria-label="Month view"
        sx={{ border: 1, borderColor: "divider", borderRadius: 2, overflow: "hidden" }}
      >
        <Box
          role="row"
          sx={{
            display: "grid",
            gridTemplateColumns: "repeat(7, minmax(0, 1fr))",
            borderBottom: 1,
            borderColor: "divider",
          }}
        >
          {WEEKDAYS.map((d) => (
            <Typography
              key={d}
              role="columnheader"
              variant="caption"
              color="text.secondary"
              sx={{ p: 0.75, fontWeight: 700, textAlign: "center" }}
            >
              {small ? d[0] : d}
            </Typography>
          ))}
        </Box>
        {monthGrid(anchor).map((week) => (
          <Box
            key={week[0]!.toISOString()}
            role="row"
            sx={{
              display: "grid",
              gridTemplateColumns: "repeat(7, minmax(0, 1fr))",
              borderBottom: 1,
              borderColor: "divider",
              "&:last-of-type": { borderBottom: 0 },
            }}
          >
            {week.map((day) => {
              const dayEvents = eventsOn(events, day, zone);
              const hidden = dayEvents.length - perCell;
              const outside = day.getMonth() !== anchor.getMonth();
              return (
                <Box
                  key={day.toISOString()}
                  role="gridcell"
                  data-date={day.getDate()}
                  sx={{
                    minHeight: { xs: 84, sm: 112 },
                    p: 0.5,
                    borderRight: 1,
                    borderColor: "divider",
                    minWidth: 0,
                    opacity: outside ? 0.45 : 1,
                    "&:last-of-type": { borderRight: 0 },
                  }}
                >
                  <Typography
                    variant="caption"
                    sx={{
                      display: "inline-block",
                      px: 0.75,
                      borderRadius: 5,
                      fontWeight: 700,
                      ...(sameDay(day, now) ? { bgcolor: "primary.main", color: "primary.contrastText" } : {}),
                    }}
                  >
                    {day.getDate()}
                  </Typography>
                  <Stack spacing={0.25}>
                    {dayEvents.slice(0, perCell).map((e) => (
                      <EventChip
                        key={e.id}
                        event={e}
                        zone={zone}
                        highlighted={matchesSearch(e, search)}
                        onOpen={onOpen}
                        showTime={!small}
                        iconOnly={small}
                      />
                    ))}
                    {hidden > 0 && (
                      <ButtonBase
                        onClick={() => onPickDay(day)}
                        sx={{ justifyContent: "flex-start", px: { xs: 0.25, sm: 0.75 }, borderRadius: 1 }}
                      >
                        <Typography
                          variant="caption"
                          color="primary.light"
                          sx={{ fontWeight: 700, whiteSpace: "nowrap", fontSize: { xs: 11, sm: 12 } }}
                        >
                          +{hidden} more
                        </Typography>
                      </ButtonBase>
                    )}
                  </Stack>
                </Box>
              );
            })}
          </Box>
        ))}
      </Box>
      {small && <MonthAgenda anchor={anchor} events={events} search={search} zone={zone} onOpen={onOpen} />}
    </>
  );
}
