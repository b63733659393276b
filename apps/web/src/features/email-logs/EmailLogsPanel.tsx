import { useEffect, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import Typography from "@mui/material/Typography";
import { AppToast, type Toast } from "../../components/AppToast.tsx";
import { ListDetailLayout } from "../../components/ListDetailLayout.tsx";
import { messageOf } from "../../lib/api-error.ts";
import { EmailConversationPane } from "./EmailConversationPane.tsx";
import { EmailThreadList } from "./EmailThreadList.tsx";
import { fetchConversation, fetchThreads } from "./email-logs-api.ts";
import { matchesThread } from "./email-display.ts";

/** Email logs: threads on the left, the selected thread's messages on the right (one at a time below 600 px). */
export function EmailLogsPanel() {
  const [toast, setToast] = useState<Toast>(null);
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<string | null>(null);
  const [showConversation, setShowConversation] = useState(false);

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
  return (
    <>
      <ListDetailLayout
        list={
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
        }
        header={<Typography variant="h6" component="h2">Email Conversation Logs</Typography>}
        showDetail={showConversation}
        onBack={() => setShowConversation(false)}
        backLabel="Back to emails"
        loading={conversation.isFetching && !conversation.data}
        failed={conversation.isError}
      >
        <EmailConversationPane messages={selected ? (conversation.data ?? null) : null} />
      </ListDetailLayout>
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </>
  );
}
