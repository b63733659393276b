import { useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Search from "@mui/icons-material/Search";
import { KbMessages, type KbDocument } from "@parley/shared/knowledge-base";
import { messageOf } from "../../lib/api-error.ts";
import { ChannelSelect } from "./components/ChannelSelect.tsx";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog.tsx";
import { KbTable } from "./components/KbTable.tsx";
import { AppToast, type Toast } from "../../components/AppToast.tsx";
import { KnowledgeTestBox } from "../../components/knowledge-test/KnowledgeTestBox.tsx";
import { deleteKnowledgeBaseItem, listKnowledgeBase } from "./kb-api.ts";
import type { Channel } from "./kb-form.ts";
import { useKbPaths } from "./useKbPaths.ts";
import { useCan } from "../../lib/useCurrentUser.ts";

const TYPE_NAME: Record<string, string> = { voice: "voice", email: "email", whatsapp: "WhatsApp" };

function matches(d: KbDocument, q: string): boolean {
  if (!q) return true;
  return [d.id, d.name, d.type, d.description ?? "", d.status, d.url ?? "", d.file_name ?? ""].some((v) =>
    v.toLowerCase().includes(q),
  );
}

export function KnowledgeBasePage() {
  const navigate = useNavigate();
  const paths = useKbPaths();
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState<Channel>("voice");
  const [search, setSearch] = useState("");
  const [retryUsed, setRetryUsed] = useState(false);
  const [toDelete, setToDelete] = useState<KbDocument | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [toast, setToast] = useState<Toast>(null);
  const canEdit = useCan("knowledge.edit");

  const list = useQuery({
    queryKey: ["knowledge-base", channel],
    queryFn: listKnowledgeBase,
    retry: false,
    // Items being indexed turn ready or failed on their own: poll while any is processing.
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === "processing") ? 2000 : false),
  });
  const remove = useMutation({
    mutationFn: deleteKnowledgeBaseItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["knowledge-base"] }),
  });

  const rows = useMemo(
    () => (list.data ?? []).filter((d) => matches(d, search.trim().toLowerCase())),
    [list.data, search],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      setToast({ severity: "success", message: KbMessages.itemDeleted, durationMs: 3000 });
    } catch (err) {
      setDeleteError(messageOf(err, err instanceof Error && err.message ? err.message : KbMessages.deleteFailed));
    } finally {
      setToDelete(null);
    }
  };

  const changeChannel = (c: Channel) => {
    setChannel(c);
    setRetryUsed(false);
  };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Knowledge Base
        </Typography>
        <Typography color="text.secondary">See all the knowledge base in one place</Typography>
      </Box>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
        <ChannelSelect label="Communication type" value={channel} onChange={changeChannel} minWidth={200} />
        <TextField
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search knowledge base..."
          sx={{ flex: "1 1 220px" }}
          slotProps={{
            htmlInput: { "aria-label": "Search knowledge base" },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search />
                </InputAdornment>
              ),
            },
          }}
        />
        {canEdit && (
          <Button variant="contained" onClick={() => navigate(paths.create)}>
            Create Knowledge base +
          </Button>
        )}
      </Box>
      {list.isError && (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              disabled={retryUsed}
              onClick={() => {
                setRetryUsed(true);
                void list.refetch();
              }}
            >
              {retryUsed ? "Retry Used" : "Retry"}
            </Button>
          }
        >
          {KbMessages.loadFailed(messageOf(list.error, KbMessages.loadFailedGeneric))}
        </Alert>
      )}
      {deleteError && (
        <Alert severity="error" onClose={() => setDeleteError(null)}>
          {deleteError}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: "hidden" }}>
        <KbTable
          rows={rows}
          loading={list.isPending && !list.isError}
          emptyText={`No ${TYPE_NAME[channel] ?? channel} knowledge base items found.`}
          onDelete={canEdit ? setToDelete : undefined}
        />
      </Paper>
      <KnowledgeTestBox
        scope={{}}
        blockedReason={
          list.isSuccess && !list.data.some((d) => d.status === "ready")
            ? "Upload a document first: once it is indexed you can ask it questions here."
            : null
        }
        subtitle={
          "Type or say what a caller might ask: see what the agent would answer from all of your documents, " +
          "and the passages it comes from. A campaign answers from the items chosen on its setup."
        }
      />
      <ConfirmDeleteDialog
        title="Delete knowledge base item"
        question={KbMessages.deleteConfirm}
        itemName={toDelete?.name ?? null}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </Box>
  );
}
