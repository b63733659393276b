import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import Call from "@mui/icons-material/Call";
import Email from "@mui/icons-material/Email";
import WhatsApp from "@mui/icons-material/WhatsApp";
import type { CampaignFormValues } from "../logic/campaign-form.ts";
import { FormSection } from "./FormSection.tsx";

type Channel = CampaignFormValues["channel"];
type CampaignType = CampaignFormValues["campaignType"];

/** Only Voice is usable; Email and WhatsApp are shown disabled (coming later). */
export function ChannelSection({
  value,
  onChange,
  readOnly,
}: {
  value: Channel;
  onChange(c: Channel): void;
  readOnly: boolean;
}) {
  return (
    <FormSection title="Choose a Channel">
      <ToggleButtonGroup
        exclusive
        color="primary"
        value={value}
        onChange={(_, c: Channel | null) => c && !readOnly && onChange(c)}
        sx={{ flexWrap: "wrap" }}
      >
        <ToggleButton value="voice" sx={{ gap: 1 }}>
          <Call fontSize="small" /> Voice Call
        </ToggleButton>
        <ToggleButton value="email" disabled sx={{ gap: 1 }}>
          <Email fontSize="small" /> Email
        </ToggleButton>
        <ToggleButton value="whatsapp" disabled sx={{ gap: 1 }}>
          <WhatsApp fontSize="small" /> WhatsApp
        </ToggleButton>
      </ToggleButtonGroup>
    </FormSection>
  );
}

/** Outbound: the agent calls the contact list. Inbound: the agent answers calls to the campaign's number. */
export function CampaignTypeSection({
  value,
  onChange,
  readOnly = false,
}: {
  value: CampaignType;
  onChange(t: CampaignType): void;
  readOnly?: boolean;
}) {
  return (
    <FormSection title="Campaign Type">
      <ToggleButtonGroup
        exclusive
        color="primary"
        value={value}
        onChange={(_, t: CampaignType | null) => t && !readOnly && onChange(t)}
      >
        <ToggleButton value="inbound">Inbound</ToggleButton>
        <ToggleButton value="outbound">Outbound</ToggleButton>
      </ToggleButtonGroup>
    </FormSection>
  );
}

/** Summary of the email content, with Edit; only meaningful for the (disabled) email channel. */
export function EmailSummarySection({
  subject,
  enabled,
  onEdit,
}: {
  subject: string;
  enabled: boolean;
  onEdit(): void;
}) {
  return (
    <FormSection title="Email Configuration">
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {subject ? `Subject: ${subject}` : "Email content is configured for the Email channel only."}
        </Typography>
        <Button variant="outlined" disabled={!enabled} onClick={onEdit}>
          Edit
        </Button>
      </Box>
    </FormSection>
  );
}
