import ButtonBase from "@mui/material/ButtonBase";
import Typography from "@mui/material/Typography";
import { alpha } from "@mui/material/styles";
import type { CalendarEvent } from "@parley/shared/calendar";
import { formatTime12 } from "../../lib/time-format.ts";
import { EventIcon } from "./EventIcon.tsx";

type Props = {
  event: CalendarEvent;
  /** The viewer's zone: the time is written on its clock. */
  zone: string;
  highlighted: boolean;
  onOpen: (e: CalendarEvent) => void;
  showTime?: boolean;
  /** Only the icon: a phone's month cell is too narrow for any of the title (the agenda below names it). */
  iconOnly?: boolean;
  /** A whole row of its own (the phone's agenda): taller, the title may wrap. */
  roomy?: boolean;
};

/** One event in any view; search matches get a bright outline and fill. */
export function EventChip({
  event,
  zone,
  highlighted,
  onOpen,
  showTime = true,
  iconOnly = false,
  roomy = false,
}: Props) {
  return (
    <ButtonBase
      onClick={() => onOpen(event)}
      data-highlighted={highlighted ? "true" : undefined}
      aria-label={`${event.title}, ${formatTime12(event.start_time, zone)}`}
      sx={(theme) => ({
        width: "100%",
        justifyContent: iconOnly ? "center" : "flex-start",
        gap: roomy ? 1 : 0.5,
        px: 0.75,
        py: roomy ? 0.75 : 0.25,
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
      <EventIcon title={event.title} sx={{ fontSize: roomy ? 18 : 14, flexShrink: 0 }} />
      {!iconOnly && (
        <Typography variant={roomy ? "body2" : "caption"} noWrap={!roomy} sx={{ minWidth: 0 }}>
          {showTime && <b>{formatTime12(event.start_time, zone)} </b>}
          {event.title}
        </Typography>
      )}
    </ButtonBase>
  );
}
