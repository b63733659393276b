import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useQueryClient } from "@tanstack/react-query";
import { callContactNow } from "../api/calls-api.ts";
import { messageOf } from "../../../lib/api-error.ts";

/**
 * "Call now" on one contact: the server rings them at once under the dialer's rules (calling hours in the
 * contact's zone, do-not-call, limits, minutes) or refuses, and the refusal's reason is shown beside the row.
 */
export function CallNowButton({
  campaignId,
  contactId,
  who,
  onCall,
}: {
  campaignId: string;
  contactId: string;
  who: string;
  /** The contact is on a call now: the button waits, and the answer to the last press stays in view. */
  onCall: boolean;
}) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const call = async () => {
    setBusy(true);
    setResult(null);
    try {
      await callContactNow(campaignId, contactId);
      setResult({ ok: true, text: `Calling ${who} now: the call shows under Live calls.` });
      await qc.invalidateQueries({ queryKey: ["campaigns", "contacts", campaignId] });
    } catch (err) {
      setResult({ ok: false, text: messageOf(err, `Could not call ${who} now. Please try again.`) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mt: 0.5 }}>
      <Button size="small" variant="outlined" disabled={busy || onCall} onClick={call} aria-label={`Call ${who} now`}>
        {busy ? "Calling…" : onCall ? "On a call" : "Call now"}
      </Button>
      {result && (
        <Alert
          severity={result.ok ? "success" : "warning"}
          role={result.ok ? "status" : "alert"}
          data-testid="call-now-result"
          icon={false}
          onClose={() => setResult(null)}
          sx={{ mt: 1, py: 0, px: 1, typography: "body2", overflowWrap: "anywhere" }}
        >
          {result.text}
        </Alert>
      )}
    </Box>
  );
}
