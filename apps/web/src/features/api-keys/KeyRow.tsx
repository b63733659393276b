import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ApiKey } from "@parley/shared/api-keys";
import { formatWhen } from "../../lib/time-format.ts";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { keyHistory, keyStopped, SCOPE_LABELS } from "./key-labels.ts";

/** One key: its name, prefix and scope, when it was made and last used, and Revoke (or when it was revoked). */
export function KeyRow({ apiKey: k, onRevoke }: { apiKey: ApiKey; onRevoke(): void }) {
  const stopped = keyStopped(k);
  const zone = useViewerZone();
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={`API key ${k.name}`}
      sx={{
        p: { xs: 1.5, md: 2 },
        borderRadius: 2,
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        gap: 1.5,
        opacity: k.revoked_at || stopped ? 0.7 : 1,
      }}
    >
      <Box sx={{ flex: "1 1 320px", minWidth: 0 }}>
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
          <Typography component="h2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
            {k.name}
          </Typography>
          <Chip size="small" variant="outlined" label={`${k.prefix}…`} sx={{ fontFamily: "monospace" }} />
          <Chip size="small" color={k.scope === "write" ? "warning" : "default"} label={SCOPE_LABELS[k.scope]} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {keyHistory(k, zone)}
        </Typography>
        {stopped && (
          <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
            {stopped}
          </Typography>
        )}
      </Box>
      {k.revoked_at ? (
        <Chip color="error" variant="outlined" label={`Revoked ${formatWhen(k.revoked_at, zone)}`} />
      ) : (
        <Button size="small" color="error" variant="outlined" onClick={onRevoke}>
          Revoke
        </Button>
      )}
    </Paper>
  );
}
