import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import EventRepeat from "@mui/icons-material/EventRepeat";
import { formatDate } from "../../lib/time-format.ts";
import { useCan } from "../../lib/useCurrentUser.ts";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { createFeed, feedStatus, revokeFeed } from "./calendar-api.ts";

/**
 * The org's secret ICS URL: shown once when created (only its hash is stored), revocable. Creating and revoking it
 * is an integration (admins and the owner); a member sees whether one is active and whom to ask.
 */
export function FeedSubscribe() {
  const canManage = useCan("integrations.manage");
  const zone = useViewerZone();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const client = useQueryClient();
  const status = useQuery({ queryKey: ["calendar-feed"], queryFn: feedStatus, enabled: open });
  const refresh = () => client.invalidateQueries({ queryKey: ["calendar-feed"] });
  const create = useMutation({ mutationFn: createFeed, onSuccess: (r) => (setUrl(r.url), refresh()) });
  const revoke = useMutation({ mutationFn: revokeFeed, onSuccess: () => (setUrl(null), refresh()) });
  const active = status.data?.active ?? false;
  const failed = status.error ?? create.error ?? revoke.error;

  return (
    <>
      <Button variant="outlined" startIcon={<EventRepeat />} onClick={() => setOpen(true)}>
        Subscribe
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="feed-title">
        <DialogTitle id="feed-title">Subscribe in Google Calendar or Outlook</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Add this secret address as a calendar "from URL" (Google Calendar) or "subscribe from web" (Outlook). Anyone
            with the address can see your organisation's meetings; revoke it if it leaks.
          </Typography>
          {failed && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failed.message}
            </Alert>
          )}
          {!canManage && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Only an admin or the owner can create or revoke the address: ask them for it.
            </Alert>
          )}
          {url ? (
            <TextField
              label="Calendar feed URL"
              value={url}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
              helperText="Copy it now: it is shown only once."
              onFocus={(e) => e.target.select()}
            />
          ) : (
            <Typography>
              {status.isLoading
                ? "Checking…"
                : active
                  ? `A feed URL is active (created ${formatDate(status.data?.created_at, zone)}).`
                  : "No feed URL yet."}
            </Typography>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: "wrap" }}>
          {canManage && active && (
            <Button color="error" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
              Revoke URL
            </Button>
          )}
          {url && <Button onClick={() => navigator.clipboard?.writeText(url).catch(() => undefined)}>Copy URL</Button>}
          {canManage && (
            <Button variant="contained" onClick={() => create.mutate()} disabled={create.isPending}>
              {active ? "Create New URL" : "Create URL"}
            </Button>
          )}
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
