import { useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import { CaldavConnect } from "@parley/shared/integrations";
import { ApiRequestError, messageOf } from "../../lib/api-error.ts";
import { CALDAV_URL_EXAMPLES } from "./integration-labels.ts";

type Props = {
  initial?: { url: string; username: string };
  onConnect(body: CaldavConnect): Promise<unknown>;
  onCancel?(): void;
};

/**
 * The CalDAV account: address, username, password. The server tests it
 * before saving; its message shows on the field to fix.
 */
export function CaldavConnectForm({ initial, onConnect, onCancel }: Props) {
  const [url, setUrl] = useState(initial?.url ?? "");
  const [username, setUsername] = useState(initial?.username ?? "");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const change = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setErrors({});
  };

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    const checked = CaldavConnect.safeParse({ url, username, password });
    if (!checked.success)
      return setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
    setBusy(true);
    try {
      await onConnect(checked.data);
      setPassword("");
    } catch (err) {
      const issues = err instanceof ApiRequestError ? err.fieldIssues : [];
      setErrors(
        issues.length
          ? Object.fromEntries(issues.map((i) => [i.path, i.message]))
          : { url: messageOf(err, "Failed to connect the calendar. Please try again.") },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Connect a CalDAV calendar"
      sx={{ display: "flex", flexDirection: "column", gap: 2, maxWidth: 640 }}
    >
      <TextField
        label="CalDAV address"
        required
        value={url}
        onChange={change(setUrl)}
        placeholder="https://caldav.fastmail.com/"
        error={Boolean(errors.url)}
        helperText={errors.url ?? CALDAV_URL_EXAMPLES}
        slotProps={{ htmlInput: { autoCapitalize: "none", spellCheck: false } }}
      />
      <TextField
        label="Username"
        required
        value={username}
        onChange={change(setUsername)}
        autoComplete="off"
        error={Boolean(errors.username)}
        helperText={errors.username}
      />
      <TextField
        label="Password"
        required
        type="password"
        value={password}
        onChange={change(setPassword)}
        autoComplete="new-password"
        error={Boolean(errors.password)}
        helperText={errors.password ?? "For iCloud and Fastmail, an app password made for Parley. Stored encrypted."}
      />
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? "Testing the connection..." : "Connect"}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </Box>
    </Box>
  );
}
