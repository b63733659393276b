import ButtonBase from "@mui/material/ButtonBase";
import Typography from "@mui/material/Typography";
import { alpha } from "@mui/material/styles";
import type { CalendarEvent } from "@parley/shared/calendar";
import { timeLabel } from "./calendar-dates.ts";
import { EventIcon } from "./EventIcon.tsx";

type Props = { event: CalendarEvent; highlighted: boolean; onOpen: (e: CalendarEvent) => void; showTime?: boolean };

/** One event in any view; search matches get a bright outline and fill. */
export function EventChip({ event, highlighted, onOpen, showTime = true }: Props) {
  return (
    <ButtonBase
      onClick={() => onOpen(event)}
      data-highlighted={highlighted ? "true" : undefined}
      aria-label={`${event.title}, ${timeLabel(new Date(event.start_time))}`}
      sx={(theme) => ({
        width: "100%",
        justifyContent: "flex-start",
        gap: 0.5,
        px: 0.75,
        py: 0.25,
        borderRadius: 1,
        minWidth: 0,
        textAlign: "left",
        color: theme.palette.text.primary,
        bgcolor: highlighted
          ? alpha(theme.palette.secondary.main, 0.35)
          : alpha(theme.palette.primary.main, event.source === "agent" ? 0.35 : 0.2),
        outline: highlighted ? `2px solid ${theme.palette.secondary.main}` : "none",
        "&:hover": { bgcolor: alpha(theme.palette.primary.main, 0.45) },
      })}
    >
      <EventIcon title={event.title} sx={{ fontSize: 14, flexShrink: 0 }} />
      <Typography variant="caption" noWrap sx={{ minWidth: 0 }}>
        {showTime && <b>{timeLabel(new Date(event.start_time))} </b>}
        {event.title}
      </Typography>
    </ButtonBase>
  );
}
