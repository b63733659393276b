import { useState } from "react";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Collapse from "@mui/material/Collapse";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import type { EmailConversationMessage } from "@parley/shared/email-logs";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { emailDate } from "./email-display.ts";

/** One message: To, date, a subject that folds the body away, and the body. */
function EmailMessage({ m }: { m: EmailConversationMessage }) {
  const [open, setOpen] = useState(true);
  const zone = useViewerZone();
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
          <b>To:</b> {m.to || "N/A"}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {emailDate(m.date, zone)}
        </Typography>
      </Box>
      {m.from && (
        <Typography variant="caption" color="text.secondary">
          From: {m.from}
        </Typography>
      )}
      <ButtonBase
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        sx={{
          display: "flex",
          width: "100%",
          justifyContent: "space-between",
          textAlign: "left",
          mt: 1,
          borderRadius: 1,
        }}
      >
        <Typography sx={{ fontWeight: 600 }}>{m.subject || "(no subject)"}</Typography>
        {open ? <ExpandLess /> : <ExpandMore />}
      </ButtonBase>
      <Collapse in={open}>
        <Typography
          variant="body2"
          sx={{
            mt: 1,
            whiteSpace: "pre-wrap",
            overflowWrap: "anywhere",
            color: m.body ? "text.primary" : "text.secondary",
          }}
        >
          {m.body || "No body content available"}
        </Typography>
      </Collapse>
    </Paper>
  );
}

export function EmailConversationPane({ messages }: { messages: EmailConversationMessage[] | null }) {
  if (!messages || messages.length === 0) {
    return (
      <Box
        sx={{
          flex: 1,
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "center",
          p: 3,
          textAlign: "center",
        }}
      >
        <Typography variant="h6">No conversation data</Typography>
        <Typography color="text.secondary">Please select an email to view its conversation</Typography>
      </Box>
    );
  }
  return (
    <Box
      sx={{ flex: 1, minHeight: 0, overflowY: "auto", p: 2, display: "flex", flexDirection: "column", gap: 1.5 }}
      aria-label="Email messages"
    >
      {messages.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: shown in order, never reordered
        <EmailMessage key={`${m.date}-${i}`} m={m} />
      ))}
    </Box>
  );
}
