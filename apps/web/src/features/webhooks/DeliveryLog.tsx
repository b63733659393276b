import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { messageOf } from "../../lib/api-error.ts";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { deliveryStatusLabel, deliveryTime } from "./delivery-labels.ts";
import { useDeliveries } from "./webhooks-api.ts";

/** The endpoint's last deliveries: event, answer, attempts, time and the start of the receiver's reply. */
export function DeliveryLog({
  endpointId,
  onResend,
  resending,
}: {
  endpointId: string;
  onResend(deliveryId: string): void;
  resending: boolean;
}) {
  const zone = useViewerZone();
  const log = useDeliveries(endpointId);
  if (log.isError) return <Alert severity="error">{messageOf(log.error, "Failed to load the delivery log.")}</Alert>;
  const deliveries = log.data?.deliveries ?? [];
  if (!log.isPending && deliveries.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No deliveries yet. Send a test event to try the endpoint.
      </Typography>
    );
  }
  return (
    <Stack component="ul" aria-label="Delivery log" spacing={1} sx={{ listStyle: "none", m: 0, p: 0 }}>
      {deliveries.map((d) => {
        const label = deliveryStatusLabel(d);
        return (
          <Box component="li" key={d.id} sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.25 }}>
            <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
              <Typography component="code" sx={{ fontFamily: "monospace", fontSize: 14, fontWeight: 600 }}>
                {d.event_type}
              </Typography>
              <Chip size="small" color={label.color} label={label.text} />
              <Typography variant="body2" color="text.secondary">
                {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
                {d.last_attempt_at ? ` · ${deliveryTime(d.last_attempt_at, zone)}` : ""}
                {d.status === "pending" && d.attempts > 0 ? ` · next ${deliveryTime(d.next_attempt_at, zone)}` : ""}
              </Typography>
              <Box sx={{ flexGrow: 1 }} />
              {d.status !== "pending" && (
                <Button size="small" disabled={resending} onClick={() => onResend(d.id)}>
                  Resend
                </Button>
              )}
            </Box>
            {d.last_response && (
              <Typography
                variant="body2"
                component="pre"
                title="Receiver's answer"
                sx={{
                  m: 0,
                  mt: 0.5,
                  fontFamily: "monospace",
                  fontSize: 12,
                  color: "text.secondary",
                  whiteSpace: "pre-wrap",
                  wordBreak: "break-all",
                  maxHeight: 64,
                  overflow: "hidden",
                }}
              >
                {d.last_response}
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
