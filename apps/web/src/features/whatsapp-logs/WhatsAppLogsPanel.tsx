import { useEffect, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import Typography from "@mui/material/Typography";
import { AppToast, type Toast } from "../../components/AppToast.tsx";
import { ListDetailLayout } from "../../components/ListDetailLayout.tsx";
import { useListPick } from "../../components/useListPick.ts";
import { WhatsAppContactList } from "./WhatsAppContactList.tsx";
import { WhatsAppConversation } from "./WhatsAppConversation.tsx";
import { fetchMessages } from "./whatsapp-api.ts";
import { usePhoneFormat } from "../../lib/useViewerZone.ts";
import { matchesContact } from "./whatsapp-display.ts";
import { useWhatsAppContacts } from "./useWhatsAppContacts.ts";

/** WhatsApp logs: numbers on the left, the selected conversation on the right (one at a time below 600 px). */
export function WhatsAppLogsPanel() {
  const phone = usePhoneFormat();
  const [toast, setToast] = useState<Toast>(null);
  const list = useWhatsAppContacts((message) => setToast({ severity: "error", message }));
  const [search, setSearch] = useState("");
  const shown = useMemo(() => list.contacts.filter((c) => matchesContact(c, search)), [list.contacts, search]);
  const phones = useMemo(() => list.contacts.map((c) => c.phone), [list.contacts]);
  const { selected, showDetail, pick, back } = useListPick(phones);

  const conversation = useQuery({
    queryKey: ["whatsapp-messages", selected],
    queryFn: ({ signal }) => fetchMessages(selected!, signal),
    enabled: selected !== null,
    retry: false,
  });
  const { markRead } = list;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each refetch (dataUpdatedAt) marks the thread read again
  useEffect(() => {
    if (selected && conversation.isSuccess) markRead(selected);
  }, [selected, conversation.isSuccess, conversation.dataUpdatedAt, markRead]);

  const contact = list.contacts.find((c) => c.phone === selected) ?? null;
  return (
    <>
      <ListDetailLayout
        list={
          <WhatsAppContactList
            contacts={shown}
            total={list.contacts.length}
            search={search}
            onSearch={setSearch}
            onRefresh={list.refresh}
            loading={list.loading}
            failed={list.failed}
            selectedPhone={selected}
            onSelect={pick}
          />
        }
        header={
          <>
            <Typography variant="h6" component="h2">
              Whatsapp Conversation Logs
            </Typography>
            {contact && (
              <Typography variant="body2" color="text.secondary">
                {contact.name ? `${contact.name} · ${phone(contact.phone)}` : phone(contact.phone)}
              </Typography>
            )}
          </>
        }
        showDetail={showDetail}
        onBack={back}
        backLabel="Back to numbers"
        loading={conversation.isFetching && !conversation.data}
        failed={conversation.isError}
      >
        <WhatsAppConversation messages={selected ? (conversation.data ?? []) : []} />
      </ListDetailLayout>
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </>
  );
}
