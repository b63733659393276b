import { useEffect, useRef } from "react";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { MeetingLinkKind } from "@parley/shared/meeting-link";

type Props = {
  kind: string;
  url: string;
  readOnly: boolean;
  error?: string;
  onKind(kind: string): void;
  onUrl(url: string): void;
};

/** What each choice does, shown under the choices so the team knows what attendees will get. */
const EXPLAINED: Record<MeetingLinkKind, string> = {
  none: "Meetings the agent books have no link, nor do their invitations. You can still add one with Edit.",
  room: "One address for every meeting, e.g. your Zoom personal room: everyone booked joins that same room.",
  on_demand:
    "Each meeting gets a room of its own under this host, e.g. https://meet.jit.si/parley-k3v9q2m7xa: " +
    "two meetings never share a room.",
};

/**
 * Where the meetings the agent books are held (Settings → Organization). The calendar links here
 * (#meeting-link) when a meeting has no link, so the section scrolls into view when asked for.
 */
export function MeetingLinkFields({ kind, url, readOnly, error, onKind, onUrl }: Props) {
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (window.location.hash === "#meeting-link") ref.current?.scrollIntoView({ block: "start" });
  }, []);
  const k = (kind in EXPLAINED ? kind : "none") as MeetingLinkKind;
  return (
    <FormControl component="fieldset" id="meeting-link" ref={ref} disabled={readOnly} sx={{ scrollMarginTop: 80 }}>
      <FormLabel component="legend">Meeting link</FormLabel>
      <RadioGroup row value={k} onChange={(e) => onKind(e.target.value)} aria-label="Meeting link">
        <FormControlLabel value="none" control={<Radio />} label="No link" />
        <FormControlLabel value="room" control={<Radio />} label="Our own room" />
        <FormControlLabel value="on_demand" control={<Radio />} label="Rooms on demand" />
      </RadioGroup>
      <Typography variant="body2" color="text.secondary" sx={{ mb: k === "none" ? 0 : 1.5 }}>
        {EXPLAINED[k]}
      </Typography>
      {k !== "none" && (
        <TextField
          fullWidth
          type="url"
          label={k === "room" ? "Your room's address" : "Host that opens rooms on demand"}
          placeholder={k === "room" ? "https://zoom.us/j/1234567890" : "https://meet.jit.si"}
          value={url}
          disabled={readOnly}
          onChange={(e) => onUrl(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? "Starts with https://. No user name or password in it: attendees see the link."}
        />
      )}
    </FormControl>
  );
}
