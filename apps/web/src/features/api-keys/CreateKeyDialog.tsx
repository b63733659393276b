import { useState, type FormEvent } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { ApiKeyInput, type ApiKeyScope } from "@parley/shared/api-keys";
import { ApiRequestError, messageOf } from "../../lib/api-error.ts";

type Props = { open: boolean; onClose(): void; onCreate(body: ApiKeyInput): Promise<unknown> };

const SCOPES: Array<{ value: ApiKeyScope; label: string }> = [
  { value: "read", label: "Read only — GET requests: campaigns, calls, results" },
  { value: "write", label: "Read and write — also create and change what an admin can" },
];

/** Names a new key and picks its scope; read is preselected, the smaller power. */
export function CreateKeyDialog({ open, onClose, onCreate }: Props) {
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiKeyScope>("read");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    // The server's schema first, so an empty name never leaves the browser.
    const checked = ApiKeyInput.safeParse({ name, scope });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? "Check the name.");
    setBusy(true);
    try {
      await onCreate(checked.data);
      setName("");
      onClose();
    } catch (err) {
      const issue = err instanceof ApiRequestError ? err.fieldIssues[0]?.message : undefined;
      setError(issue ?? messageOf(err, "Failed to create the key. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="api-key-create-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="api-key-create-title">Create an API key</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Name"
              required
              autoFocus
              value={name}
              placeholder="CRM sync"
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
              error={Boolean(error)}
              helperText={error ?? "What will use it, so you know which key to revoke later."}
            />
            <div>
              <FormLabel id="api-key-scope-label">Scope</FormLabel>
              <RadioGroup
                aria-labelledby="api-key-scope-label"
                value={scope}
                onChange={(e) => setScope(e.target.value as ApiKeyScope)}
              >
                {SCOPES.map((s) => (
                  <FormControlLabel key={s.value} value={s.value} control={<Radio />} label={s.label} />
                ))}
              </RadioGroup>
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? "Creating..." : "Create key"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
