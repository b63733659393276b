import { useEffect, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useCampaign } from "../hooks/useCampaignQueries.ts";
import { browserZone } from "../../../lib/time-format.ts";
import { useOrgDefaults } from "../hooks/useSetupContext.ts";
import { newCampaignForm } from "../logic/campaign-form.ts";
import { errorMessage } from "../api/error-message.ts";
import { CampaignSetupForm } from "../components/CampaignSetupForm.tsx";
import { useCan, useRole } from "../../../lib/useCurrentUser.ts";
import { deniedMessage } from "@parley/shared/permissions";
import { AppToast, type Toast } from "../../../components/AppToast.tsx";
import type { LandingState } from "../hooks/useCampaignSubmit.ts";
import { useKeptDraft } from "../hooks/useCampaignDraft.ts";

/** /campaign-setup creates a campaign; /campaign-setup?id=… opens that campaign in view mode. */
export function CampaignSetupPage() {
  const [params] = useSearchParams();
  const id = params.get("id");
  const campaign = useCampaign(id);
  const viewMode = id !== null;
  const role = useRole();
  // A role that may not create campaigns (a member, or an address typed by hand) is told so instead of a form.
  const canEdit = useCan("campaigns.edit");
  const creating = !viewMode && canEdit;
  // A new campaign starts from the organisation's settings; if they cannot be read, from the browser's zone.
  const org = useOrgDefaults(creating);
  const settings = org.data?.settings ?? null;
  const kept = useKeptDraft(creating);
  // A launch lands here with its success toast, shown once: a reload must not show it again.
  const location = useLocation();
  const navigate = useNavigate();
  const landing = location.state as LandingState | null;
  const [toast, setToast] = useState<Toast>(null);
  useEffect(() => {
    if (!landing?.toast) return;
    setToast(landing.toast);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [landing, location.pathname, location.search, navigate]);

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 3, maxWidth: 1100, mx: "auto", width: "100%" }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {viewMode ? "View Campaign" : "Campaign Setup"}
        </Typography>
        <Typography color="text.secondary">
          {viewMode ? "View your campaign settings" : "Setup your high performance campaign"}
        </Typography>
      </Box>
      {!viewMode && role && !creating && <Alert severity="info">{deniedMessage(role, "campaigns.edit")}</Alert>}
      {!viewMode && (!role || (creating && org.isPending)) && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 8 }}>
          <CircularProgress aria-label="Loading your organisation's defaults" />
        </Box>
      )}
      {creating && !org.isPending && kept.key && (
        <CampaignSetupForm
          key="new"
          campaign={null}
          initial={newCampaignForm(settings, browserZone())}
          defaultVoiceId={settings?.default_voice_id ?? null}
          kept={kept}
        />
      )}
      {viewMode && campaign.isPending && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 8 }}>
          <CircularProgress aria-label="Loading campaign" />
        </Box>
      )}
      {viewMode && campaign.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => campaign.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(campaign.error, "Failed to load campaign data. Please try again.")}
        </Alert>
      )}
      {viewMode && campaign.data && <CampaignSetupForm key={campaign.data.id} campaign={campaign.data} />}
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </Box>
  );
}
