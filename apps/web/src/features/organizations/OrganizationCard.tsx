import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Organization } from "@parley/shared/organizations";

export function OrganizationCard({ org, current, onSwitch }: { org: Organization; current: boolean; onSwitch(): void }) {
  const lines = [org.website, org.contact_email, org.contact_phone, org.address].filter(Boolean);
  return (
    <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1, flexWrap: "wrap" }}>
          <Typography variant="h6">{org.name}</Typography>
          <Chip size="small" label={org.role} color={org.role === "member" ? "default" : "primary"} />
          {current && <Chip size="small" label="Current" color="success" variant="outlined" />}
        </Stack>
        {lines.map((l) => (
          <Typography key={l} variant="body2" color="text.secondary" sx={{ wordBreak: "break-word" }}>
            {l}
          </Typography>
        ))}
        <Typography variant="caption" color="text.secondary">
          Created {new Date(org.created_at).toLocaleDateString()}
        </Typography>
      </CardContent>
      {!current && (
        <CardActions>
          <Button size="small" onClick={onSwitch}>
            Switch
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
