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
import { WhatsAppContactList } from "./WhatsAppContactList.tsx";
import { WhatsAppConversation } from "./WhatsAppConversation.tsx";
import { fetchMessages } from "./whatsapp-api.ts";
import { matchesContact } from "./whatsapp-display.ts";
import { useWhatsAppContacts } from "./useWhatsAppContacts.ts";

const LIST_WIDTH = 350;

/** WhatsApp logs: numbers on the left, the selected conversation on the right (one at a time below 600 px). */
export function WhatsAppLogsPanel() {
  const [toast, setToast] = useState<Toast>(null);
  const list = useWhatsAppContacts((message) => setToast({ severity: "error", message }));
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<string | null>(null);
  const [showConversation, setShowConversation] = useState(false);
  const mobile = useMediaQuery((t: Theme) => t.breakpoints.down("sm"));
  const shown = useMemo(() => list.contacts.filter((c) => matchesContact(c, search)), [list.contacts, search]);

  // The first number is selected as soon as the list arrives (and again if the selected one disappears).
  useEffect(() => {
    if (!list.contacts.some((c) => c.phone === selected)) setSelected(list.contacts[0]?.phone ?? null);
  }, [list.contacts, selected]);

  const conversation = useQuery({
    queryKey: ["whatsapp-messages", selected],
    queryFn: ({ signal }) => fetchMessages(selected!, signal),
    enabled: selected !== null,
    retry: false,
  });
  const { markRead } = list;
  useEffect(() => {
    if (selected && conversation.isSuccess) markRead(selected);
  }, [selected, conversation.isSuccess, conversation.dataUpdatedAt, markRead]);

  const contact = list.contacts.find((c) => c.phone === selected) ?? null;
  const select = (phone: string) => {
    setSelected(phone);
    setShowConversation(true);
  };
  const listPane = !mobile || !showConversation;
  const conversationPane = !mobile || showConversation;

  return (
    <Paper variant="outlined" sx={{ display: "flex", height: "70vh", minHeight: 460, overflow: "hidden", borderRadius: 2 }}>
      {listPane && (
        <Box data-testid="list-pane" sx={{ width: mobile ? "100%" : LIST_WIDTH, flexShrink: 0, borderRight: mobile ? 0 : 1, borderColor: "divider" }}>
          <WhatsAppContactList
            contacts={shown}
            total={list.contacts.length}
            search={search}
            onSearch={setSearch}
            onRefresh={list.refresh}
            loading={list.loading}
            failed={list.failed}
            selectedPhone={selected}
            onSelect={select}
          />
        </Box>
      )}
      {conversationPane && (
        <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
          {mobile && (
            <Button startIcon={<ArrowBack />} onClick={() => setShowConversation(false)} sx={{ alignSelf: "flex-start", m: 1 }}>
              Back to numbers
            </Button>
          )}
          <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: "divider" }}>
            <Typography variant="h6" component="h2">Whatsapp Conversation Logs</Typography>
            {contact && (
              <Typography variant="body2" color="text.secondary">
                {contact.name ? `${contact.name} · ${contact.phone}` : contact.phone}
              </Typography>
            )}
          </Box>
          {conversation.isFetching && !conversation.data ? (
            <Box sx={{ flex: 1, display: "flex", alignItems: "center", justifyContent: "center" }}><CircularProgress size={28} /></Box>
          ) : conversation.isError ? (
            <Box sx={{ flex: 1 }} /> // spec: a failed conversation fetch leaves the pane empty, without a message
          ) : (
            <WhatsAppConversation messages={selected ? (conversation.data ?? []) : []} />
          )}
        </Box>
      )}
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </Paper>
  );
}
