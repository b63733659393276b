import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { HubspotConnect, type HubspotIntegration } from "@parley/shared/integrations";
import { ApiRequestError, messageOf } from "../../lib/api-error.ts";
import { formatWhen } from "../../lib/time-format.ts";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { DisconnectDialog } from "./DisconnectDialog.tsx";

type Props = {
  hubspot: HubspotIntegration | null;
  disconnecting: boolean;
  testing: boolean;
  onTest(): void;
  onConnect(body: HubspotConnect): Promise<unknown>;
  onDisconnect(): Promise<unknown>;
};

/** The private app's token; HubSpot is asked before anything is saved, and its refusal shows on the field. */
function TokenForm({ onConnect, onCancel }: { onConnect: Props["onConnect"]; onCancel?(): void }) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(ev: FormEvent) {
    ev.preventDefault();
    const checked = HubspotConnect.safeParse({ token });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? "Paste the token.");
    setBusy(true);
    try {
      await onConnect(checked.data);
      setToken("");
    } catch (err) {
      const issue = err instanceof ApiRequestError ? err.fieldIssues[0] : undefined;
      setError(issue?.message ?? messageOf(err, "Failed to connect HubSpot. Please try again."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Connect HubSpot"
      sx={{ display: "flex", flexDirection: "column", gap: 2, maxWidth: 640 }}
    >
      <TextField
        label="Private app access token"
        required
        type="password"
        value={token}
        autoComplete="off"
        onChange={(e) => {
          setToken(e.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={
          error ??
          "In HubSpot: Settings → Integrations → Private apps → Create, with the scopes " +
            "crm.objects.contacts.read and crm.lists.read, and crm.objects.contacts.write and " +
            "crm.schemas.contacts.write to write call results back. Stored encrypted."
        }
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: "none" } }}
      />
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? "Checking the token..." : "Connect HubSpot"}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** HubSpot (CRM): the token form, or the connected account with its status, Change token and Disconnect. */
export function HubspotCard({ hubspot, disconnecting, testing, onTest, onConnect, onDisconnect }: Props) {
  const zone = useViewerZone();
  const [changing, setChanging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const chip = !hubspot
    ? { label: "Not connected", color: "default" as const }
    : hubspot.status === "connected"
      ? { label: "Connected", color: "success" as const }
      : { label: "Reconnect", color: "warning" as const };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="HubSpot (CRM)"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 2 }}
    >
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: "1 1 auto" }}>
          HubSpot (CRM)
        </Typography>
        <Chip size="small" color={chip.color} label={chip.label} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        Import a HubSpot list's contacts into a campaign (Campaign setup → CRM Mapping), with the same checks as a CSV
        file. Each finished call of an imported contact is written back to it: the call, the meeting it booked and an
        opt-out (Call logs show each call's sync).
      </Typography>
      {hubspot && !changing ? (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
          <Box>
            <Typography sx={{ fontWeight: 600 }}>
              {hubspot.portal_id ? `HubSpot account ${hubspot.portal_id}` : "HubSpot account"}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Token ending {hubspot.token_hint} · connected {formatWhen(hubspot.connected_at, zone)}
            </Typography>
          </Box>
          {hubspot.status === "reconnect" && (
            <Alert severity="warning">
              {hubspot.last_error ?? "HubSpot refused the saved token."} Nothing is imported or written to HubSpot until
              then; call results are kept and go out once a working token is saved.
            </Alert>
          )}
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            {hubspot.status === "reconnect" && (
              <Button size="small" variant="contained" onClick={() => setChanging(true)}>
                Reconnect
              </Button>
            )}
            {/* Also while it says reconnect: a token HubSpot refused only for a while (restored in HubSpot) is
                taken back, and the waiting results go. */}
            <Button
              variant={hubspot.status === "connected" ? "contained" : "outlined"}
              size="small"
              disabled={testing}
              onClick={onTest}
            >
              {testing ? "Testing..." : "Test connection"}
            </Button>
            {hubspot.status === "connected" && (
              <Button size="small" onClick={() => setChanging(true)}>
                Change token
              </Button>
            )}
            <Button size="small" color="error" variant="outlined" onClick={() => setConfirming(true)}>
              Disconnect
            </Button>
          </Box>
        </Box>
      ) : (
        <TokenForm
          onCancel={hubspot ? () => setChanging(false) : undefined}
          onConnect={async (body) => {
            await onConnect(body);
            setChanging(false);
          }}
        />
      )}
      <DisconnectDialog
        id="hubspot-disconnect-title"
        title="Disconnect HubSpot"
        open={confirming}
        busy={disconnecting}
        onClose={() => setConfirming(false)}
        onDisconnect={onDisconnect}
        text={
          "Campaigns keep the contacts already imported. The saved token is deleted; call " +
          "results not yet written stay queued until HubSpot is connected again."
        }
      />
    </Paper>
  );
}
