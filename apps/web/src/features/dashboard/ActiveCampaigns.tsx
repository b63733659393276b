import { useQuery } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router-dom";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { cardStats, formatCardDate, listActiveCampaigns } from "./active-campaigns-api.ts";

/** Dashboard section: the running and paused campaigns, each linking to its view. */
export function ActiveCampaigns() {
  const navigate = useNavigate();
  const { orgSlug } = useParams();
  const prefix = orgSlug ? `/org/${orgSlug}` : "";
  const mobile = useMediaQuery(useTheme().breakpoints.down("sm"));
  const q = useQuery({ queryKey: ["campaigns", "active-cards"], queryFn: listActiveCampaigns });
  const zone = useViewerZone();

  return (
    <Box component="section" aria-label="Active Campaigns" sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            Active Campaigns
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Your currently running and paused campaigns
          </Typography>
        </Box>
        <Button
          variant="outlined"
          onClick={() => navigate(`${prefix}/campaigns`)}
          sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
        >
          {mobile ? "VIEW ALL" : "SEE ALL CAMPAIGNS"}
        </Button>
      </Box>
      {q.isPending && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress aria-label="Loading active campaigns" />
        </Box>
      )}
      {q.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => q.refetch()}>
              Retry
            </Button>
          }
        >
          Failed to load dashboard data. Please try again.
        </Alert>
      )}
      {q.data && q.data.length === 0 && <Typography color="text.secondary">No active campaigns.</Typography>}
      {q.data && q.data.length > 0 && (
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "1fr 1fr 1fr" }, gap: 2 }}>
          {q.data.map((c) => (
            <Card key={c.id} variant="outlined">
              <CardActionArea onClick={() => navigate(`${prefix}/campaign-setup?id=${encodeURIComponent(c.id)}`)}>
                <CardContent>
                  <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", mb: 1 }}>
                    <Typography variant="caption" color="text.secondary">
                      {formatCardDate(c.updated_at, zone)}
                    </Typography>
                    <Chip size="small" label={c.status} color={c.status === "paused" ? "error" : "warning"} />
                  </Box>
                  <Typography variant="subtitle1" sx={{ fontWeight: 600 }} noWrap>
                    {c.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {cardStats(c)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
