import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { AppToast, type Toast } from "../../components/AppToast.tsx";
import { PageSpinner } from "../../components/PageSpinner.tsx";
import { messageOf } from "../../lib/api-error.ts";
import { useCan } from "../../lib/useCurrentUser.ts";
import { CaldavCard } from "./CaldavCard.tsx";
import { HubspotCard } from "./HubspotCard.tsx";
import { useHubspotChanges } from "../../lib/hubspot-api.ts";
import { useCaldavChanges, useIntegrations } from "../../lib/integrations-api.ts";

/** Settings → Integrations: the team's calendar over CalDAV and HubSpot (CRM). */
export function IntegrationsPage() {
  const allowed = useCan("integrations.manage");
  const list = useIntegrations();
  const changes = useCaldavChanges();
  const hubspot = useHubspotChanges();
  const [toast, setToast] = useState<Toast>(null);
  const done = (message: string) => setToast({ severity: "success", message, durationMs: 3000 });
  const fail = (fallback: string) => (err: unknown) =>
    setToast({ severity: "error", message: messageOf(err, fallback) });

  if (!allowed)
    return <Alert severity="info">Integrations are managed by an admin or the owner of the organization.</Alert>;
  if (list.isPending) return <PageSpinner />;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 3, maxWidth: 1100 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Integrations
        </Typography>
        <Typography color="text.secondary">Connect the systems your team already works in.</Typography>
      </Box>
      {list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => list.refetch()}>
              Retry
            </Button>
          }
        >
          {messageOf(list.error, "Failed to load the integrations.")}
        </Alert>
      ) : (
        <>
          <CaldavCard
            caldav={list.data.caldav}
            testing={changes.test.isPending}
            disconnecting={changes.disconnect.isPending}
            onConnect={async (body) => {
              const c = await changes.connect.mutateAsync(body);
              done(`Connected to ${c.calendar_name}.`);
            }}
            onTest={() =>
              changes.test.mutate(undefined, {
                onSuccess: (c) =>
                  c.status === "connected"
                    ? done("The calendar answered.")
                    : setToast({ severity: "error", message: c.last_error ?? "The calendar did not answer." }),
                onError: fail("Failed to test the calendar."),
              })
            }
            onDisconnect={() =>
              changes.disconnect.mutateAsync().then(
                () => done("Calendar disconnected."),
                (err) => {
                  fail("Failed to disconnect the calendar.")(err);
                  throw err;
                },
              )
            }
          />
          <HubspotCard
            hubspot={list.data.hubspot}
            disconnecting={hubspot.disconnect.isPending}
            testing={hubspot.test.isPending}
            onTest={() =>
              hubspot.test.mutate(undefined, {
                onSuccess: (h) =>
                  h.status === "connected"
                    ? done("HubSpot accepted the token.")
                    : setToast({ severity: "error", message: h.last_error ?? "HubSpot refused the token." }),
                onError: fail("Failed to test HubSpot."),
              })
            }
            onConnect={async (body) => {
              const h = await hubspot.connect.mutateAsync(body);
              done(h.portal_id ? `Connected to HubSpot account ${h.portal_id}.` : "Connected to HubSpot.");
            }}
            onDisconnect={() =>
              hubspot.disconnect.mutateAsync().then(
                () => done("HubSpot disconnected."),
                (err) => {
                  fail("Failed to disconnect HubSpot.")(err);
                  throw err;
                },
              )
            }
          />
        </>
      )}
      <AppToast toast={toast} onClose={() => setToast(null)} />
    </Box>
  );
}
