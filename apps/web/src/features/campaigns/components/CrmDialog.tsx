import { useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import type { CrmImportRequest, CrmImportResult } from "@parley/shared/integrations";
import { messageOf } from "../../../lib/api-error.ts";
import { session } from "../../../lib/session.ts";
import { useCan } from "../../../lib/useCurrentUser.ts";
import { hubspotApi } from "../../../lib/hubspot-api.ts";
import { useIntegrations } from "../../../lib/integrations-api.ts";
import { CrmImportForm } from "./CrmImportForm.tsx";

type Props = { open: boolean; onClose(): void; campaignId: string | null; onImported?(): void };

function ImportSummary({ result }: { result: CrmImportResult }) {
  const contacts = `${result.imported} contact${result.imported === 1 ? "" : "s"}`;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
      <Alert severity="success">
        Imported {contacts} from {result.source_name} ({result.read} read
        {result.duplicates_merged
          ? `, ${result.duplicates_merged} repeated number${result.duplicates_merged === 1 ? "" : "s"} merged`
          : ""}
        ).
      </Alert>
      {result.do_not_call > 0 && (
        <Alert severity="info">
          {result.do_not_call} imported number{result.do_not_call === 1 ? " is" : "s are"} on the do-not-call list and
          will not be dialled.
        </Alert>
      )}
      {result.skipped_count > 0 && (
        <Box>
          <Typography variant="subtitle2">Skipped ({result.skipped_count})</Typography>
          <List dense aria-label="Skipped HubSpot records" sx={{ maxHeight: 240, overflowY: "auto" }}>
            {result.skipped.map((s) => (
              <ListItem key={s.crm_id} disableGutters>
                <ListItemText primary={`HubSpot record ${s.crm_id}`} secondary={s.reason} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Box>
  );
}

/** Campaign setup's "CRM Mapping": import a HubSpot list when HubSpot is connected, else where to connect it. */
export function CrmDialog({ open, onClose, campaignId, onImported }: Props) {
  const canManage = useCan("integrations.manage");
  const integrations = useIntegrations(open && canManage);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CrmImportResult | null>(null);
  const fullScreen = useMediaQuery(useTheme().breakpoints.down("sm"));
  const settingsPath = `/org/${session.orgSlug()}/settings/integrations`;
  const close = () => {
    setResult(null);
    setError(null);
    onClose();
  };
  const runImport = async (body: CrmImportRequest) => {
    setBusy(true);
    setError(null);
    try {
      setResult(await hubspotApi.importInto(campaignId!, body));
      onImported?.();
    } catch (err) {
      setError(messageOf(err, "Failed to import the list. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  const hubspot = integrations.data?.hubspot ?? null;
  let body: ReactNode;
  if (!canManage)
    body = (
      <Typography>Importing contacts from your CRM is done by an admin or the owner of the organization.</Typography>
    );
  else if (integrations.isPending) body = <CircularProgress size={24} aria-label="Loading" />;
  else if (integrations.isError)
    body = <Alert severity="error">{messageOf(integrations.error, "Failed to load the integrations.")}</Alert>;
  else if (!hubspot || hubspot.status === "reconnect") {
    body = (
      <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
        <Typography>
          {hubspot
            ? "HubSpot refused the saved token (revoked or expired): connect it again to import."
            : "HubSpot is not connected."}{" "}
          Connect it in Settings → Integrations with a private app token, then import a HubSpot list here: its contacts,
          mapped to the campaign's fields and variables, checked like a CSV file.
        </Typography>
        <Box>
          <Button variant="contained" component={RouterLink} to={settingsPath}>
            Open Settings → Integrations
          </Button>
        </Box>
      </Box>
    );
  } else if (!campaignId)
    body = <Typography>Save the campaign as a draft first, then import its contacts from HubSpot here.</Typography>;
  else if (result) body = <ImportSummary result={result} />;
  else body = <CrmImportForm busy={busy} error={error} onImport={runImport} />;

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="crm-dialog-title"
    >
      <DialogTitle id="crm-dialog-title">Import contacts from HubSpot</DialogTitle>
      <DialogContent dividers>{body}</DialogContent>
      <DialogActions>
        <Button onClick={close}>{result ? "Done" : "Close"}</Button>
      </DialogActions>
    </Dialog>
  );
}
