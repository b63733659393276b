import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

/** Honest stand-in for a screen whose feature has not landed yet: its title and no invented data. */
export function ScreenInProgress({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Box>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
      <Alert severity="info" sx={{ mt: 3 }}>
        This screen is not available yet.
      </Alert>
    </Box>
  );
}
