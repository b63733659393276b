import { useState } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import UploadFile from "@mui/icons-material/UploadFile";
import type { DncImportResult } from "@parley/shared/dnc";
import { messageOf } from "../../lib/api-error.ts";
import { CountryPicker } from "./CountryPicker.tsx";
import { ImportResultView } from "./ImportResultView.tsx";

type Props = {
  open: boolean;
  onClose(): void;
  onImport(file: File, country: string): Promise<DncImportResult>;
  /** The organisation's country, where the picker starts. */
  defaultCountry: string | null;
};

/** Picks a CSV, imports it, and keeps the outcome on screen (rejected lines included) until closed. */
export function ImportCsvDialog({ open, onClose, onImport, defaultCountry }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [country, setCountry] = useState<string | null>(null);
  const chosenCountry = country ?? defaultCountry ?? "";
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<DncImportResult | null>(null);

  const close = () => {
    setFile(null);
    setCountry(null);
    setError("");
    setResult(null);
    onClose();
  };

  async function submit() {
    if (!file) return setError("Please select a CSV file.");
    setBusy(true);
    setError("");
    try {
      setResult(await onImport(file, chosenCountry));
    } catch (err) {
      setError(messageOf(err, "Failed to import the CSV file. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="import-dnc-title">
      <DialogTitle id="import-dnc-title">Import numbers from a CSV</DialogTitle>
      <DialogContent>
        {result ? (
          <ImportResultView result={result} />
        ) : (
          <Stack spacing={2}>
            <DialogContentText>
              The column named phone, mobile or number is read (else the first column). Good lines are added; bad ones
              are listed with the reason.
            </DialogContentText>
            <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
              <Button component="label" variant="outlined" startIcon={<UploadFile />}>
                Choose CSV file
                <input
                  hidden
                  type="file"
                  accept=".csv,text/csv"
                  aria-label="CSV file"
                  onChange={(e) => {
                    setFile(e.target.files?.[0] ?? null);
                    setError("");
                  }}
                />
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: "break-all" }}>
                {file ? file.name : "No file chosen"}
              </Typography>
            </Stack>
            <CountryPicker value={chosenCountry} onChange={setCountry} />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button variant="contained" onClick={close}>
            Done
          </Button>
        ) : (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button variant="contained" onClick={submit} disabled={busy}>
              {busy ? "Importing..." : "Import"}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
