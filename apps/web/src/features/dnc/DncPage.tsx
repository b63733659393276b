import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import InputAdornment from "@mui/material/InputAdornment";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TablePagination from "@mui/material/TablePagination";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Add from "@mui/icons-material/Add";
import Search from "@mui/icons-material/Search";
import UploadFile from "@mui/icons-material/UploadFile";
import { DNC_PAGE_SIZES, type DncEntry } from "@parley/shared/dnc";
import { AppToast, type Toast } from "../../components/AppToast.tsx";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog.tsx";
import { messageOf } from "../../lib/api-error.ts";
import { useDebouncedValue } from "../../lib/useDebouncedValue.ts";
import { AddNumberDialog } from "./AddNumberDialog.tsx";
import { importSummary } from "./dnc-labels.ts";
import { formatPhone } from "../../lib/phone-format.ts";
import { DncTable } from "./DncTable.tsx";
import { ImportCsvDialog } from "./ImportCsvDialog.tsx";
import { useDncChanges, useDncList } from "./useDnc.ts";
import { useCan } from "../../lib/useCurrentUser.ts";

/** The organisation's do-not-call list: no campaign ever dials a number on it. */
export function DncPage() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DNC_PAGE_SIZES[0]);
  const [dialog, setDialog] = useState<"add" | "import" | null>(null);
  const [toRemove, setToRemove] = useState<DncEntry | null>(null);
  const [toast, setToast] = useState<Toast>(null);
  const debounced = useDebouncedValue(search.trim());
  const list = useDncList({ search: debounced, page, pageSize });
  const changes = useDncChanges();
  const canEdit = useCan("dnc.edit");
  // The list says the organisation's country to every role that may read it (Settings only to admins).
  const country = list.data?.default_country ?? null;

  async function confirmRemove() {
    if (!toRemove) return;
    try {
      await changes.remove.mutateAsync(toRemove.id);
      setToast({
        severity: "success",
        message: `${formatPhone(toRemove.phone, country)} removed from the do-not-call list.`,
        durationMs: 3000,
      });
      // Removing the last row of the last page steps back one page.
      if (list.data?.numbers.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      setToast({ severity: "error", message: messageOf(err, "Failed to remove the number. Please try again.") });
    }
    setToRemove(null);
  }

  const rows = list.data?.numbers ?? [];
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 3 }}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Do-not-call list
          </Typography>
          <Typography color="text.secondary">
            No campaign of this organization ever dials a number on this list.
          </Typography>
        </Box>
        {canEdit && (
          <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0 }}>
            <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setDialog("import")}>
              Import CSV
            </Button>
            <Button variant="contained" startIcon={<Add />} onClick={() => setDialog("add")}>
              Add number
            </Button>
          </Stack>
        )}
      </Stack>
      <TextField
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        placeholder="Search by number, reason or campaign..."
        slotProps={{
          htmlInput: { "aria-label": "Search the do-not-call list" },
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
          {messageOf(list.error, "Failed to load the do-not-call list. Please try again.")}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: "hidden" }}>
        {list.isPending ? (
          <Box sx={{ display: "flex", alignItems: "center", justifyContent: "center", gap: 2, py: 8 }}>
            <CircularProgress size={24} />
            <Typography>Loading the do-not-call list...</Typography>
          </Box>
        ) : rows.length === 0 && !list.isError ? (
          <Typography color="text.secondary" sx={{ textAlign: "center", py: 8, px: 2 }}>
            {debounced ? "No numbers match your search." : "No numbers on the do-not-call list yet."}
          </Typography>
        ) : (
          <DncTable rows={rows} country={country} onRemove={canEdit ? setToRemove : undefined} />
        )}
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={page - 1}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...DNC_PAGE_SIZES]}
          onPageChange={(_, p) => setPage(p + 1)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(1);
          }}
        />
      </Paper>
      <AddNumberDialog
        open={dialog === "add"}
        onClose={() => setDialog(null)}
        onAdd={(body) => changes.add.mutateAsync(body)}
        defaultCountry={list.data?.default_country ?? null}
        onAdded={(r, phone) =>
          setToast({
            severity: "success",
            durationMs: 3000,
            message: r.added ? importSummary(r) : `${phone.trim()} is already on the list.`,
          })
        }
      />
      <ImportCsvDialog
        open={dialog === "import"}
        onClose={() => setDialog(null)}
        onImport={(file, country) => changes.importCsv.mutateAsync({ file, country })}
        defaultCountry={list.data?.default_country ?? null}
      />
      <ConfirmDeleteDialog
        title="Remove number"
        question="Are you sure you want to remove this number from the do-not-call list? Campaigns may call it again."
        itemName={toRemove ? formatPhone(toRemove.phone, country) : null}
        busy={changes.remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={confirmRemove}
      />
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </Box>
  );
}
