import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ContentCopy from "@mui/icons-material/ContentCopy";
import type { CalendarEvent } from "@parley/shared/calendar";
import { formatPhonesIn } from "../../lib/phone-format.ts";
import { useCan } from "../../lib/useCurrentUser.ts";
import { session } from "../../lib/session.ts";
import { useMeetingLinkSet, usePhoneFormat, useViewerZone } from "../../lib/useViewerZone.ts";
import { durationLabel, eventMinutes, meetingLink, whenLines } from "./event-display.ts";
import { EventIcon } from "./EventIcon.tsx";
import { invitationView } from "./invitation-display.ts";

type Props = {
  event: CalendarEvent | null;
  onClose: () => void;
  onEdit: (e: CalendarEvent) => void;
  onCancelEvent: (e: CalendarEvent) => Promise<void>;
};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </div>
  );
}

/** Title, time and day, Virtual or In-Person, duration, location, description, attendees, meeting link. */
export function EventDetailDialog({ event, onClose, onEdit, onCancelEvent }: Props) {
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const phone = usePhoneFormat();
  const zone = useViewerZone();
  const linkSet = useMeetingLinkSet();
  const canSetLink = useCan("settings.edit");
  if (!event) return null;
  const when = whenLines(event, zone);
  const link = meetingLink(event);
  const invitation = invitationView(event, zone);
  const close = () => {
    setCopied(false);
    setConfirming(false);
    setError(null);
    onClose();
  };
  const copy = async () => {
    if (!link) return;
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
  };
  const cancel = async () => {
    try {
      await onCancelEvent(event);
      close();
    } catch (err) {
      setError(err instanceof Error ? err.message : "Failed to cancel the event.");
    }
  };

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="event-title">
      <DialogTitle id="event-title" sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <EventIcon title={event.title} color="primary" />
        {event.title}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
            <Chip
              size="small"
              color={event.is_virtual ? "primary" : "default"}
              label={event.is_virtual ? "Virtual" : "In-Person"}
            />
            <Chip size="small" variant="outlined" label={durationLabel(eventMinutes(event))} />
            {event.source === "agent" && (
              <Chip size="small" variant="outlined" color="secondary" label="Booked by AI agent" />
            )}
          </Stack>
          <Field label="When">
            <span data-testid="event-when">{when.viewer}</span>
            {when.own && (
              <Typography variant="body2" color="text.secondary" data-testid="event-when-own-zone">
                {when.own}
              </Typography>
            )}
          </Field>
          {event.location && <Field label="Location">{event.location}</Field>}
          {event.description && (
            <Field label="Description">
              <span style={{ whiteSpace: "pre-wrap" }}>{formatPhonesIn(event.description, phone)}</span>
            </Field>
          )}
          <Field label="Attendees">
            {event.attendees.length ? event.attendees.map(phone).join(", ") : "None listed"}
          </Field>
          {invitation && (
            <Field label="Email invitation">
              <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: "flex-start" }}>
                <Chip
                  size="small"
                  color={invitation.color}
                  variant={invitation.color === "default" ? "outlined" : "filled"}
                  label={invitation.label}
                />
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                  {invitation.detail}
                </Typography>
              </Stack>
            </Field>
          )}
          {event.is_virtual && !link && (
            <Typography variant="body2" color="text.secondary" data-testid="no-meeting-link">
              No meeting link yet: add one with Edit so attendees know where to join
              {linkSet === false && canSetLink && (
                <>
                  , or{" "}
                  <Link component={RouterLink} to={`/org/${session.orgSlug()}/settings#meeting-link`}>
                    set a meeting link in Settings
                  </Link>{" "}
                  so the agent adds one to every meeting it books
                </>
              )}
              {linkSet === false && !canSetLink && (
                <>
                  , or ask the owner to set a meeting link in Settings so the agent adds one to every meeting it books
                </>
              )}
              .
            </Typography>
          )}
          {event.is_virtual && link && (
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
              <Button variant="contained" component={Link} href={link} target="_blank" rel="noopener noreferrer">
                Join meeting
              </Button>
              <Button startIcon={<ContentCopy />} onClick={copy}>
                {copied ? "Copied" : "Copy Link"}
              </Button>
            </Stack>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          {confirming && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={cancel}>
                  Yes, cancel it
                </Button>
              }
            >
              Cancel this event? It disappears from the calendar and from subscribed calendars.
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap" }}>
        <Button color="error" onClick={() => setConfirming(true)}>
          Cancel Event
        </Button>
        <Button onClick={() => onEdit(event)}>Edit</Button>
        <Button variant="outlined" onClick={close}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
