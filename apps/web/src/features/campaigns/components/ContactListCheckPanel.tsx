import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Collapse from "@mui/material/Collapse";
import Typography from "@mui/material/Typography";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import type { ContactListCheck } from "@parley/shared/campaign-preview";
import { errorMessage } from "../api/error-message.ts";
import { checkSummary } from "../logic/check-summary.ts";

/** Up to this many rejected rows are listed at once; more fold behind a button. */
const SHOWN_OPEN = 5;

type Props = { pending: boolean; error: unknown; data: ContactListCheck | undefined };

/** The chosen file as the import will read it (checked by the server, nothing saved): ready and rejected rows. */
export function ContactListCheckPanel({ pending, error, data }: Props) {
  const [open, setOpen] = useState(false);
  if (pending) {
    return (
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }} data-testid="csv-check">
        <CircularProgress size={16} aria-label="Checking the rows" />
        <Typography variant="body2" color="text.secondary">
          Checking each row as the import will…
        </Typography>
      </Box>
    );
  }
  if (error)
    return (
      <Alert severity="error" data-testid="csv-check">
        {errorMessage(error, "The file could not be checked. Please try again.")}
      </Alert>
    );
  if (!data) return null;
  const rows = data.rejected_rows;
  const folded = rows.length > SHOWN_OPEN;
  const list = (
    <Box component="ul" aria-label="Rejected rows" sx={{ m: 0, pl: 2.5, maxHeight: 240, overflowY: "auto" }}>
      {rows.map((r) => (
        <Typography component="li" variant="body2" key={r.line} sx={{ overflowWrap: "anywhere" }}>
          Line {r.line}: {r.reason}
        </Typography>
      ))}
      {data.rejected_count > rows.length && (
        <Typography component="li" variant="body2" color="text.secondary">
          …and {data.rejected_count - rows.length} more (the first {rows.length} are listed)
        </Typography>
      )}
    </Box>
  );
  return (
    <Box data-testid="csv-check" sx={{ display: "flex", flexDirection: "column", gap: 0.75 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="csv-check-summary">
        {checkSummary(data)}
      </Typography>
      {data.contact_count === 0 && (
        <Alert severity="warning">No row has a usable phone number: nothing would be imported.</Alert>
      )}
      {folded ? (
        <>
          <Box>
            <Button
              size="small"
              color="warning"
              onClick={() => setOpen((o) => !o)}
              endIcon={open ? <ExpandLess /> : <ExpandMore />}
              aria-expanded={open}
            >
              {open ? "Hide" : "Show"} the {data.rejected_count} rejected rows
            </Button>
          </Box>
          <Collapse in={open}>{list}</Collapse>
        </>
      ) : (
        rows.length > 0 && list
      )}
    </Box>
  );
}
