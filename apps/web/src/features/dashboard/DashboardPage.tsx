import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { ActiveCampaigns } from "./ActiveCampaigns.tsx";

export function DashboardPage() {
  return (
    <Box>
      <Typography variant="h4" component="h1">
        Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Monitor your voice AI campaigns
      </Typography>
      <ActiveCampaigns />
    </Box>
  );
}
