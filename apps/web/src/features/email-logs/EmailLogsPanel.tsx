import { useEffect, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import Typography from "@mui/material/Typography";
import { AppToast, type Toast } from "../../components/AppToast.tsx";
import { ListDetailLayout } from "../../components/ListDetailLayout.tsx";
import { useListPick } from "../../components/useListPick.ts";
import { messageOf } from "../../lib/api-error.ts";
import { EmailConversationPane } from "./EmailConversationPane.tsx";
import { EmailThreadList } from "./EmailThreadList.tsx";
import { fetchConversation, fetchThreads } from "./email-logs-api.ts";
import { matchesThread } from "./email-display.ts";

/** Email logs: threads on the left, the selected thread's messages on the right (one at a time below 600 px). */
export function EmailLogsPanel() {
  const [toast, setToast] = useState<Toast>(null);
  const [search, setSearch] = useState("");

  const threads = useQuery({
    queryKey: ["email-threads"],
    queryFn: ({ signal }) => fetchThreads(signal),
    retry: false,
  });
  const all = threads.data ?? [];
  const shown = useMemo(() => all.filter((t) => matchesThread(t, search)), [all, search]);
  const ids = useMemo(() => threads.data?.map((t) => t.thread_id), [threads.data]);
  const { selected, showDetail, pick, back } = useListPick(ids);

  useEffect(() => {
    if (threads.isError)
      setToast({ severity: "error", message: messageOf(threads.error, "Failed to fetch email logs") });
  }, [threads.isError, threads.error]);

  const conversation = useQuery({
    queryKey: ["email-conversation", selected],
    queryFn: ({ signal }) => fetchConversation(selected!, signal),
    enabled: selected !== null,
    retry: false,
  });

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
            onSelect={pick}
          />
        }
        header={
          <Typography variant="h6" component="h2">
            Email Conversation Logs
          </Typography>
        }
        showDetail={showDetail}
        onBack={back}
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
