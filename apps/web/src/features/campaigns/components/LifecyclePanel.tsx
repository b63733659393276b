import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { CampaignDto } from "../api/campaign-dto.ts";
import { errorMessage } from "../api/error-message.ts";
import { useLifecycle } from "../hooks/useCampaignQueries.ts";
import { useViewerZone } from "../../../lib/useViewerZone.ts";
import { campaignPeopleLine } from "../logic/campaign-people.ts";
import type { LifecycleAction } from "../logic/lifecycle-actions.ts";
import { LifecycleControls } from "./LifecycleControls.tsx";

const FAILED: Record<LifecycleAction, string> = {
  launch: "Failed to launch campaign",
  pause: "Failed to pause campaign",
  resume: "Failed to resume campaign",
  stop: "Failed to stop campaign",
};

/**
 * Runs a lifecycle action; a refusal (e.g. 409) shows the server's message in the error toast. Below the
 * buttons: who created the campaign and who last changed it.
 */
export function LifecyclePanel(props: {
  campaign: CampaignDto;
  onChanged(c: CampaignDto): void;
  onError(message: string): void;
}) {
  const lifecycle = useLifecycle(props.campaign.id);
  const run = (action: LifecycleAction) =>
    lifecycle.mutate(action, {
      onSuccess: props.onChanged,
      onError: (err) => props.onError(errorMessage(err, FAILED[action])),
    });
  const people = campaignPeopleLine(props.campaign, useViewerZone());
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
      <LifecycleControls
        status={props.campaign.status}
        busy={lifecycle.isPending ? (lifecycle.variables ?? null) : null}
        onAction={run}
      />
      {people && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="campaign-people">
          {people}
        </Typography>
      )}
    </Paper>
  );
}
