import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { ApiKey } from "@parley/shared/api-keys";
import { AppToast, type Toast } from "../../components/AppToast.tsx";
import { PageSpinner } from "../../components/PageSpinner.tsx";
import { messageOf } from "../../lib/api-error.ts";
import { useCan } from "../../lib/useCurrentUser.ts";
import { CreateKeyDialog } from "./CreateKeyDialog.tsx";
import { KeyRow } from "./KeyRow.tsx";
import { KeySecretDialog } from "./KeySecretDialog.tsx";
import { RevokeKeyDialog } from "./RevokeKeyDialog.tsx";
import { useApiKeyChanges, useApiKeys } from "./api-keys-api.ts";

/** Settings → API keys: keys other systems use to call the API as this organisation. */
export function ApiKeysPage() {
  const allowed = useCan("integrations.manage");
  const keys = useApiKeys();
  const changes = useApiKeyChanges();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [toast, setToast] = useState<Toast>(null);

  if (!allowed)
    return <Alert severity="info">API keys are managed by an admin or the owner of the organization.</Alert>;
  if (keys.isPending) return <PageSpinner />;
  const list = keys.data?.keys ?? [];
  const revoke = (k: ApiKey) =>
    changes.revoke.mutate(k.id, {
      onSuccess: () => {
        setRevoking(null);
        setToast({ severity: "success", message: `${k.name} was revoked.`, durationMs: 3000 });
      },
      onError: (err) => setToast({ severity: "error", message: messageOf(err, "Failed to revoke the key.") }),
    });
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 3, maxWidth: 1100 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: 2 }}>
        <Box sx={{ flex: "1 1 320px" }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            API keys
          </Typography>
          <Typography color="text.secondary">
            Let your own systems call the Parley API as this organization: send{" "}
            <code>Authorization: Bearer &lt;key&gt;</code> with each request.
          </Typography>
        </Box>
        <Button variant="contained" onClick={() => setCreating(true)}>
          Create key
        </Button>
      </Box>
      {keys.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => keys.refetch()}>
              Retry
            </Button>
          }
        >
          {messageOf(keys.error, "Failed to load the API keys.")}
        </Alert>
      )}
      {!keys.isError && list.length === 0 && (
        <Alert severity="info">No API keys yet. Create one for each system that calls the API.</Alert>
      )}
      {list.length > 0 && (
        <Box
          component="ul"
          aria-label="API keys"
          sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexDirection: "column", gap: 1.5 }}
        >
          {list.map((k) => (
            <KeyRow key={k.id} apiKey={k} onRevoke={() => setRevoking(k)} />
          ))}
        </Box>
      )}
      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreate={async (body) => setSecret((await changes.create.mutateAsync(body)).secret)}
      />
      <KeySecretDialog secret={secret} onClose={() => setSecret(null)} />
      <RevokeKeyDialog
        apiKey={revoking}
        busy={changes.revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke(revoking)}
      />
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </Box>
  );
}
