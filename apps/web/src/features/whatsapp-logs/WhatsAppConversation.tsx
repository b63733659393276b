import { useEffect, useRef } from "react";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import Done from "@mui/icons-material/Done";
import DoneAll from "@mui/icons-material/DoneAll";
import ErrorOutline from "@mui/icons-material/ErrorOutlineOutlined";
import type { WhatsAppMessage } from "@parley/shared/whatsapp";
import { formatTime12 } from "../../lib/time-format.ts";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { groupByDay } from "./whatsapp-display.ts";

/** The tick on an assistant message: one for sent, two for delivered, two blue for read. */
function Tick({ status }: { status: WhatsAppMessage["status"] }) {
  const sx = { fontSize: 16 };
  if (status === "failed") return <ErrorOutline aria-label="Failed" sx={{ ...sx, color: "error.light" }} />;
  if (status === "read") return <DoneAll aria-label="Read" sx={{ ...sx, color: "#53bdeb" }} />;
  if (status === "delivered") return <DoneAll aria-label="Delivered" sx={{ ...sx, opacity: 0.7 }} />;
  return <Done aria-label="Sent" sx={{ ...sx, opacity: 0.7 }} />;
}

/** Bubbles: the contact on the left, the assistant on the right, a date line per day. */
export function WhatsAppConversation({ messages }: { messages: WhatsAppMessage[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const zone = useViewerZone();
  // Open at the latest message, as chat apps do.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new messages are the trigger; the box is read by ref
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [messages]);
  if (messages.length === 0) {
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
        <Typography variant="h6">No messages found</Typography>
        <Typography color="text.secondary">This conversation appears to be empty</Typography>
      </Box>
    );
  }
  return (
    <Box
      ref={scroller}
      sx={{ flex: 1, minHeight: 0, overflowY: "auto", p: 2, display: "flex", flexDirection: "column", gap: 1 }}
      aria-label="Messages"
    >
      {groupByDay(messages, zone).map((g) => (
        <Box key={g.key} sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
          <Chip label={g.label} size="small" sx={{ alignSelf: "center", my: 1 }} />
          {g.messages.map((m) => {
            const mine = m.role === "assistant";
            return (
              <Box
                key={m.id}
                data-role={m.role}
                sx={{
                  alignSelf: mine ? "flex-end" : "flex-start",
                  maxWidth: "75%",
                  px: 1.5,
                  py: 1,
                  borderRadius: 2,
                  borderTopRightRadius: mine ? 2 : undefined,
                  borderTopLeftRadius: mine ? undefined : 2,
                  bgcolor: mine ? "primary.dark" : "background.default",
                  border: mine ? 0 : 1,
                  borderColor: "divider",
                }}
              >
                <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {m.content}
                </Typography>
                <Box sx={{ display: "flex", justifyContent: "flex-end", alignItems: "center", gap: 0.5, mt: 0.25 }}>
                  <Typography variant="caption" sx={{ opacity: 0.75 }}>
                    {formatTime12(m.timestamp, zone)}
                  </Typography>
                  {mine && <Tick status={m.status} />}
                </Box>
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
