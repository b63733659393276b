import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import Language from "@mui/icons-material/Language";
import Email from "@mui/icons-material/Email";
import Phone from "@mui/icons-material/Phone";
import Place from "@mui/icons-material/Place";
import type { Organization } from "@parley/shared/organizations";
import { ROLE_LABELS } from "@parley/shared/permissions";
import { formatPhone } from "../../lib/phone-format.ts";
import { formatDate } from "../../lib/time-format.ts";
import { useViewerZone } from "../../lib/useViewerZone.ts";

/** One organisation the user belongs to; others than the current one can be switched to. */
export function OrganizationCard({
  org,
  current,
  switching,
  onSwitch,
}: {
  org: Organization;
  current: boolean;
  switching: boolean;
  onSwitch(): void;
}) {
  const zone = useViewerZone();
  const lines = [
    { key: "website", icon: <Language fontSize="inherit" />, text: org.website },
    { key: "email", icon: <Email fontSize="inherit" />, text: org.contact_email },
    { key: "phone", icon: <Phone fontSize="inherit" />, text: formatPhone(org.contact_phone) },
    { key: "address", icon: <Place fontSize="inherit" />, text: org.address },
  ].filter((l) => l.text);
  return (
    <Card
      component="article"
      variant="outlined"
      sx={{
        height: "100%",
        display: "flex",
        flexDirection: "column",
        borderColor: current ? "primary.main" : undefined,
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" sx={{ wordBreak: "break-word" }}>
          {org.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 0.5, mb: 1.5 }}>
          <Chip size="small" label={ROLE_LABELS[org.role]} color={org.role === "member" ? "default" : "primary"} />
          {current && <Chip size="small" label="Current" color="success" variant="outlined" />}
        </Stack>
        {lines.map((l) => (
          <Stack
            key={l.key}
            direction="row"
            spacing={1}
            sx={{ alignItems: "flex-start", color: "text.secondary", mb: 0.5 }}
          >
            <Typography component="span" sx={{ display: "flex", pt: "3px" }}>
              {l.icon}
            </Typography>
            <Typography variant="body2" sx={{ wordBreak: "break-word", whiteSpace: "pre-line" }}>
              {l.text}
            </Typography>
          </Stack>
        ))}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Created {formatDate(org.created_at, zone)}
        </Typography>
      </CardContent>
      {!current && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button size="small" variant="outlined" onClick={onSwitch} disabled={switching}>
            Switch
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
