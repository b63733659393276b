import { useState, type FormEvent } from "react";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WebhookEndpointInput,
  type WebhookEndpoint,
  type WebhookEventType,
} from "@parley/shared/webhooks";
import { ApiRequestError, messageOf } from "../../lib/api-error.ts";

type Props = {
  open: boolean;
  endpoint?: WebhookEndpoint;
  onClose(): void;
  onSave(body: WebhookEndpointInput): Promise<unknown>;
};

/** Adds an endpoint or edits one: its address, a note, and the events it wants. */
export function EndpointDialog({ open, endpoint, onClose, onSave }: Props) {
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? ["call.completed"]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const toggle = (e: WebhookEventType) => {
    setEvents((current) => (current.includes(e) ? current.filter((x) => x !== e) : [...current, e]));
    setErrors({});
  };

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    const body = { url, description, events: WEBHOOK_EVENTS.filter((e) => events.includes(e)) };
    // The server's schema first, so an empty address or no event never leaves the browser.
    const checked = WebhookEndpointInput.safeParse(body);
    if (!checked.success)
      return setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
    setBusy(true);
    try {
      await onSave(body);
      onClose();
    } catch (err) {
      const issues = err instanceof ApiRequestError ? err.fieldIssues : [];
      setErrors(
        issues.length
          ? Object.fromEntries(issues.map((i) => [i.path, i.message]))
          : { url: messageOf(err, "Failed to save the endpoint. Please try again.") },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="webhook-endpoint-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="webhook-endpoint-title">{endpoint ? "Edit endpoint" : "Add an endpoint"}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Endpoint URL"
              required
              autoFocus
              value={url}
              placeholder="https://crm.example.com/parley-events"
              onChange={(e) => {
                setUrl(e.target.value);
                setErrors({});
              }}
              error={Boolean(errors.url)}
              helperText={errors.url ?? "A public https:// address that answers 2xx."}
            />
            <TextField
              label="Description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              error={Boolean(errors.description)}
              helperText={errors.description}
            />
            <div>
              <FormLabel component="legend">Events</FormLabel>
              <FormGroup>
                {WEBHOOK_EVENTS.map((e) => (
                  <FormControlLabel
                    key={e}
                    control={<Checkbox checked={events.includes(e)} onChange={() => toggle(e)} />}
                    label={
                      <span>
                        <code>{e}</code> — {WEBHOOK_EVENT_LABELS[e]}
                      </span>
                    }
                  />
                ))}
              </FormGroup>
              {errors.events && <FormHelperText error>{errors.events}</FormHelperText>}
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? "Saving..." : endpoint ? "Save" : "Add endpoint"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
