import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { CaldavConnect, CaldavIntegration } from "@parley/shared/integrations";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { CaldavConnectForm } from "./CaldavConnectForm.tsx";
import { caldavHistory, STATUS_LABELS } from "./integration-labels.ts";
import { DisconnectDialog } from "./DisconnectDialog.tsx";

type Props = {
  caldav: CaldavIntegration | null;
  testing: boolean;
  disconnecting: boolean;
  onConnect(body: CaldavConnect): Promise<unknown>;
  onTest(): void;
  onDisconnect(): Promise<unknown>;
};

/** The team's calendar: the connect form, or the connected calendar with its status, Test, Change and Disconnect. */
export function CaldavCard({ caldav, testing, disconnecting, onConnect, onTest, onDisconnect }: Props) {
  const zone = useViewerZone();
  const [changing, setChanging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Calendar (CalDAV)"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 2 }}
    >
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: "1 1 auto" }}>
          Calendar (CalDAV)
        </Typography>
        <Chip
          size="small"
          color={!caldav ? "default" : caldav.status === "connected" ? "success" : "warning"}
          label={caldav ? STATUS_LABELS[caldav.status] : "Not connected"}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        The agent treats busy times in your team's calendar as taken and writes every meeting it books there (moved or
        removed with Parley's). Works with Fastmail, iCloud, Nextcloud and other CalDAV servers.
      </Typography>
      {caldav && !changing ? (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
          <Box>
            <Typography sx={{ fontWeight: 600, wordBreak: "break-word" }}>{caldav.calendar_name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: "break-all" }}>
              {caldav.calendar_url}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {caldavHistory(caldav, zone)}
            </Typography>
          </Box>
          {caldav.status === "unreachable" && (
            <Alert severity="warning">
              {caldav.last_error ?? "The calendar did not answer."} Until it answers, the agent offers times from
              Parley's calendar only and notes it on the call.
            </Alert>
          )}
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            <Button variant="contained" size="small" disabled={testing} onClick={onTest}>
              {testing ? "Testing..." : "Test connection"}
            </Button>
            <Button size="small" onClick={() => setChanging(true)}>
              Change account
            </Button>
            <Button size="small" color="error" variant="outlined" onClick={() => setConfirming(true)}>
              Disconnect
            </Button>
          </Box>
        </Box>
      ) : (
        <CaldavConnectForm
          initial={caldav ?? undefined}
          onCancel={caldav ? () => setChanging(false) : undefined}
          onConnect={async (body) => {
            await onConnect(body);
            setChanging(false);
          }}
        />
      )}
      <DisconnectDialog
        id="caldav-disconnect-title"
        title="Disconnect the calendar"
        open={confirming}
        busy={disconnecting}
        onClose={() => setConfirming(false)}
        onDisconnect={onDisconnect}
        text={
          `The agent will stop checking ${caldav?.calendar_name ?? "this calendar"} for busy times and stop ` +
          "writing meetings to it. Meetings already written there stay. The saved password is deleted."
        }
      />
    </Paper>
  );
}
