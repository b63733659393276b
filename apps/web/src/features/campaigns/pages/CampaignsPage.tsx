import { useState } from "react";
import { useNavigate } from "react-router-dom";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import InputAdornment from "@mui/material/InputAdornment";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import Add from "@mui/icons-material/Add";
import Search from "@mui/icons-material/Search";
import { CampaignsTable } from "../components/CampaignsTable.tsx";
import type { CampaignRow } from "../components/campaign-row.ts";
import { Pager } from "../../../components/Pager.tsx";
import { CampaignCards } from "../components/CampaignCards.tsx";
import type { RowActionHandlers } from "../components/CampaignRowActions.tsx";
import { AppToast, type Toast } from "../../../components/AppToast.tsx";
import { ConfirmDeleteDialog } from "../../../components/ConfirmDeleteDialog.tsx";
import {
  useCampaignList,
  useDeleteCampaign,
  useDuplicateCampaign,
  useRowLifecycle,
} from "../hooks/useCampaignQueries.ts";
import { useCampaignPaths } from "../hooks/useCampaignPaths.ts";
import { useDebouncedValue } from "../../../lib/useDebouncedValue.ts";
import { DEFAULT_PAGE_SIZE } from "../../../lib/pager-window.ts";
import { errorMessage } from "../api/error-message.ts";
import { useCan } from "../../../lib/useCurrentUser.ts";

export function CampaignsPage() {
  const navigate = useNavigate();
  const paths = useCampaignPaths();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [toDelete, setToDelete] = useState<CampaignRow | null>(null);
  const [toast, setToast] = useState<Toast>(null);
  const debounced = useDebouncedValue(search.trim());
  const list = useCampaignList({ search: debounced, page, pageSize });
  const remove = useDeleteCampaign();
  const lifecycle = useRowLifecycle();
  const duplicate = useDuplicateCampaign();
  // Below the md breakpoint the nine columns do not fit: cards with a menu instead of a table.
  const narrow = useMediaQuery(useTheme().breakpoints.down("md"));
  // A member runs campaigns (pause, resume) but does not create, duplicate or delete them.
  const canEdit = useCan("campaigns.edit");

  const actions: RowActionHandlers = {
    onOpen: (id) => navigate(paths.view(id)),
    onDelete: canEdit ? setToDelete : undefined,
    onLifecycle: (row, action) =>
      lifecycle.mutate(
        { id: row.id, action },
        {
          onSuccess: () =>
            setToast({
              severity: "success",
              message: action === "pause" ? `Paused ${row.name}.` : `Resumed ${row.name}.`,
              durationMs: 3000,
            }),
          onError: (err) =>
            setToast({
              severity: "error",
              message: errorMessage(err, `Failed to ${action} campaign. Please try again.`),
            }),
        },
      ),
    onDuplicate: !canEdit
      ? undefined
      : (row) =>
          duplicate.mutate(row.id, {
            onSuccess: (copy) => {
              // The copy is the newest campaign: it heads the first page of an unfiltered list.
              setSearch("");
              setPage(1);
              setToast({
                severity: "success",
                message: `Duplicated as “${copy.name}” (a draft without contacts).`,
                durationMs: 3000,
              });
            },
            onError: (err) =>
              setToast({
                severity: "error",
                message: errorMessage(err, "Failed to duplicate campaign. Please try again."),
              }),
          }),
    busyId: lifecycle.isPending
      ? (lifecycle.variables?.id ?? null)
      : duplicate.isPending
        ? (duplicate.variables ?? null)
        : null,
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      setToDelete(null);
      // Deleting the last row of the last page steps back one page.
      if (list.data && list.data.rows.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      setToDelete(null);
      setToast({ severity: "error", message: errorMessage(err, "Failed to delete campaign. Please try again.") });
    }
  };

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 3 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Campaigns
        </Typography>
        {canEdit && (
          <Button variant="contained" startIcon={<Add />} onClick={() => navigate(paths.create)}>
            Create a Campaign
          </Button>
        )}
      </Box>
      <TextField
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        placeholder="Search campaigns by name, type, status, dates..."
        slotProps={{
          htmlInput: { "aria-label": "Search campaigns" },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
        }}
      />
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => list.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(list.error, "Failed to load campaigns. Please try again.")}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: "hidden" }}>
        {list.isPending ? (
          <Box sx={{ display: "flex", alignItems: "center", justifyContent: "center", gap: 2, py: 8 }}>
            <CircularProgress size={24} />
            <Typography>Loading campaigns...</Typography>
          </Box>
        ) : rows.length === 0 && !list.isError ? (
          <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 2, py: 8 }}>
            <Typography color="text.secondary">No campaigns available.</Typography>
            {debounced === "" && canEdit && (
              <Button variant="contained" onClick={() => navigate(paths.create)}>
                Create Your First Campaign
              </Button>
            )}
          </Box>
        ) : narrow ? (
          <CampaignCards rows={rows} {...actions} />
        ) : (
          <CampaignsTable rows={rows} {...actions} />
        )}
        <Pager
          page={page}
          pageSize={pageSize}
          total={total}
          onPageChange={setPage}
          onPageSizeChange={(n) => {
            setPageSize(n);
            setPage(1);
          }}
        />
      </Paper>
      <ConfirmDeleteDialog
        title="Delete campaign"
        question="Are you sure you want to delete this campaign?"
        itemName={toDelete?.name ?? null}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </Box>
  );
}
