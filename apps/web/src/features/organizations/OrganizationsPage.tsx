import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogTitle from "@mui/material/DialogTitle";
import Snackbar from "@mui/material/Snackbar";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import Add from "@mui/icons-material/Add";
import { Organization, type OrganizationCreate } from "@parley/shared/organizations";
import { api } from "../../lib/api-client.ts";
import { ApiRequestError, messageOf } from "../../lib/api-error.ts";
import { session } from "../../lib/session.ts";
import { PageSpinner } from "../../components/PageSpinner.tsx";
import { OrganizationCard } from "./OrganizationCard.tsx";
import { OrganizationForm } from "./OrganizationForm.tsx";
import { useMyOrganizations, useOrganizationSwitch } from "./useOrganizationSwitch.ts";

export function OrganizationsPage() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [toast, setToast] = useState<{ text: string; severity: "success" | "error" } | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const list = useMyOrganizations();

  const create = useMutation({
    mutationFn: (body: OrganizationCreate) =>
      api("/organizations", { method: "POST", body, schema: z.object({ organization: Organization }) }),
    onSuccess: () => {
      setOpen(false);
      setToast({ text: "Organization created successfully!", severity: "success" });
      void queryClient.invalidateQueries({ queryKey: ["organizations"] });
    },
    onError: (err) =>
      setServerErrors(
        err instanceof ApiRequestError ? Object.fromEntries(err.fieldIssues.map((i) => [i.path, i.message])) : {},
      ),
  });

  const switchOrg = useOrganizationSwitch((err) =>
    setToast({ text: messageOf(err, "Failed to switch organization. Please try again."), severity: "error" }),
  );

  const orgs = list.data?.organizations ?? [];
  return (
    <Box>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "space-between", mb: 3 }}>
        <Box>
          <Typography variant="h4" component="h1">
            Organizations
          </Typography>
          <Typography color="text.secondary">The organizations you belong to and your role in each.</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => {
            setServerErrors({});
            setOpen(true);
          }}
          sx={{ alignSelf: { sm: "center" } }}
        >
          Add Organization
        </Button>
      </Stack>
      {list.isPending && <PageSpinner />}
      {list.isError && (
        <Alert severity="error">{messageOf(list.error, "Failed to load organizations. Please try again.")}</Alert>
      )}
      {list.isSuccess && orgs.length === 0 && (
        <Typography color="text.secondary">No organizations yet. Click "Add Organization" to get started.</Typography>
      )}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "1fr 1fr 1fr" } }}>
        {orgs.map((org) => (
          <OrganizationCard
            key={org.id}
            org={org}
            current={org.slug === session.orgSlug()}
            switching={switchOrg.isPending}
            onSwitch={() => switchOrg.mutate(org.slug)}
          />
        ))}
      </Box>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Add Organization</DialogTitle>
        {create.isError && !Object.keys(serverErrors).length && (
          <Alert severity="error" sx={{ mx: 3 }}>
            {messageOf(create.error, "Failed to create organization.")}
          </Alert>
        )}
        <OrganizationForm
          busy={create.isPending}
          serverErrors={serverErrors}
          onCancel={() => setOpen(false)}
          onSubmit={(v) => create.mutate(v)}
        />
      </Dialog>
      <Snackbar
        open={Boolean(toast)}
        autoHideDuration={toast?.severity === "error" ? 6000 : 3000}
        onClose={() => setToast(null)}
        anchorOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <Alert severity={toast?.severity ?? "success"} variant="filled" onClose={() => setToast(null)}>
          {toast?.text}
        </Alert>
      </Snackbar>
    </Box>
  );
}
