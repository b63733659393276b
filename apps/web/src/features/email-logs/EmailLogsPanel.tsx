import { useEffect, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { AppToast, type Toast } from "../../components/AppToast.tsx";
import { messageOf } from "../../lib/api-error.ts";
import { EmailConversationPane } from "./EmailConversationPane.tsx";
import { EmailThreadList } from "./EmailThreadList.tsx";
import { fetchConversation, fetchThreads } from "./email-logs-api.ts";
import { matchesThread } from "./email-display.ts";

const LIST_WIDTH = 350;

/** Email logs: threads on the left, the selected thread's messages on the right (one at a time below 600 px). */
export function EmailLogsPanel() {
  const [toast, setToast] = useState<Toast>(null);
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<string | null>(null);
  const [showConversation, setShowConversation] = useState(false);
  const mobile = useMediaQuery((t: Theme) => t.breakpoints.down("sm"));

  const threads = useQuery({ queryKey: ["email-threads"], queryFn: ({ signal }) => fetchThreads(signal), retry: false });
  const all = threads.data ?? [];
  const shown = useMemo(() => all.filter((t) => matchesThread(t, search)), [all, search]);

  useEffect(() => {
    if (threads.isError) setToast({ severity: "error", message: messageOf(threads.error, "Failed to fetch email logs") });
  }, [threads.isError, threads.error]);

  // The first thread is selected on load (and again if the selected one disappears).
  useEffect(() => {
    if (threads.data && !threads.data.some((t) => t.thread_id === selected)) setSelected(threads.data[0]?.thread_id ?? null);
  }, [threads.data, selected]);

  const conversation = useQuery({
    queryKey: ["email-conversation", selected],
    queryFn: ({ signal }) => fetchConversation(selected!, signal),
    enabled: selected !== null,
    retry: false,
  });

  const select = (id: string) => {
    setSelected(id);
    setShowConversation(true);
  };
  const listPane = !mobile || !showConversation;
  const conversationPane = !mobile || showConversation;

  return (
    <Paper variant="outlined" sx={{ display: "flex", height: "70vh", minHeight: 460, overflow: "hidden", borderRadius: 2 }}>
      {listPane && (
        <Box data-testid="list-pane" sx={{ width: mobile ? "100%" : LIST_WIDTH, flexShrink: 0, borderRight: mobile ? 0 : 1, borderColor: "divider" }}>
          <EmailThreadList
            threads={shown}
            total={all.length}
            search={search}
            onSearch={setSearch}
            loading={threads.isPending}
            failed={threads.isError}
            selectedId={selected}
            onSelect={select}
          />
        </Box>
      )}
      {conversationPane && (
        <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
          {mobile && (
            <Button startIcon={<ArrowBack />} onClick={() => setShowConversation(false)} sx={{ alignSelf: "flex-start", m: 1 }}>
              Back to emails
            </Button>
          )}
          <Typography variant="h6" component="h2" sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: "divider" }}>
            Email Conversation Logs
          </Typography>
          {conversation.isFetching && !conversation.data ? (
            <Box sx={{ flex: 1, display: "flex", alignItems: "center", justifyContent: "center" }}><CircularProgress size={28} /></Box>
          ) : conversation.isError ? (
            <Box sx={{ flex: 1 }} /> // spec: a failed conversation fetch leaves the pane empty, without a message
          ) : (
            <EmailConversationPane messages={selected ? (conversation.data ?? null) : null} />
          )}
        </Box>
      )}
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </Paper>
  );
}
