import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { WebhookEndpoint } from "@parley/shared/webhooks";
import { AppToast, type Toast } from "../../components/AppToast.tsx";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog.tsx";
import { PageSpinner } from "../../components/PageSpinner.tsx";
import { messageOf } from "../../lib/api-error.ts";
import { useCan } from "../../lib/useCurrentUser.ts";
import { EndpointCard } from "./EndpointCard.tsx";
import { EndpointDialog } from "./EndpointDialog.tsx";
import { SecretDialog } from "./SecretDialog.tsx";
import { useWebhookChanges, useWebhookEndpoints } from "./webhooks-api.ts";

/** Settings → Webhooks: endpoints that receive the organisation's events, each with its delivery log. */
export function WebhooksPage() {
  const allowed = useCan("integrations.manage");
  const endpoints = useWebhookEndpoints();
  const changes = useWebhookChanges();
  const [editing, setEditing] = useState<WebhookEndpoint | "new" | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [previousUntil, setPreviousUntil] = useState<string | null>(null);
  const [toast, setToast] = useState<Toast>(null);
  const fail = (fallback: string) => (err: unknown) =>
    setToast({ severity: "error", message: messageOf(err, fallback) });

  if (!allowed)
    return <Alert severity="info">Webhooks are managed by an admin or the owner of the organization.</Alert>;
  if (endpoints.isPending) return <PageSpinner />;
  const list = endpoints.data?.endpoints ?? [];
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 3, maxWidth: 1100 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: 2 }}>
        <Box sx={{ flex: "1 1 320px" }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Webhooks
          </Typography>
          <Typography color="text.secondary">
            Send call results, meetings and opt-outs to your own systems as they happen, signed so they can be verified.
          </Typography>
        </Box>
        <Button variant="contained" onClick={() => setEditing("new")}>
          Add endpoint
        </Button>
      </Box>
      {endpoints.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => endpoints.refetch()}>
              Retry
            </Button>
          }
        >
          {messageOf(endpoints.error, "Failed to load the webhook endpoints.")}
        </Alert>
      )}
      {!endpoints.isError && list.length === 0 && (
        <Alert severity="info">No endpoints yet. Add one to start receiving events.</Alert>
      )}
      {list.map((e) => (
        <EndpointCard
          key={e.id}
          endpoint={e}
          busy={changes.sendTest.isPending || changes.resend.isPending || changes.rotateSecret.isPending}
          onTest={() =>
            changes.sendTest.mutate(e.id, {
              onSuccess: () => setToast({ severity: "success", message: "Test event queued.", durationMs: 3000 }),
              onError: fail("Failed to send the test event."),
            })
          }
          onEdit={() => setEditing(e)}
          onRotate={() =>
            changes.rotateSecret.mutate(e.id, {
              onSuccess: (r) => {
                setPreviousUntil(r.previous_secret_expires_at);
                setSecret(r.secret);
              },
              onError: fail("Failed to rotate the secret."),
            })
          }
          onDelete={() => setDeleting(e)}
          onResend={(deliveryId) =>
            changes.resend.mutate({ endpointId: e.id, deliveryId }, { onError: fail("Failed to resend.") })
          }
        />
      ))}
      {editing && (
        <EndpointDialog
          open
          endpoint={editing === "new" ? undefined : editing}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            if (editing !== "new") return changes.update.mutateAsync({ id: editing.id, body });
            setPreviousUntil(null);
            setSecret((await changes.create.mutateAsync(body)).secret);
          }}
        />
      )}
      <SecretDialog
        secret={secret}
        previousUntil={previousUntil}
        onClose={() => {
          setSecret(null);
          setPreviousUntil(null);
        }}
      />
      <ConfirmDeleteDialog
        title="Delete endpoint"
        question="Delete this endpoint and its delivery log? Events stop being sent to:"
        itemName={deleting?.url ?? null}
        busy={changes.remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          changes.remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: fail("Failed to delete the endpoint."),
          })
        }
      />
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </Box>
  );
}
