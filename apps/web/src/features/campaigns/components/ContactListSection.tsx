import { useRef, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import CloudUpload from "@mui/icons-material/CloudUpload";
import Hub from "@mui/icons-material/Hub";
import { CSV_INVALID_MESSAGE, formatFileSize, isCsvFile } from "../logic/file-checks.ts";
import { CrmDialog } from "./CrmDialog.tsx";
import { ContactListSummary, type ContactListInfo } from "./ContactListSummary.tsx";
import { CsvPreviewPanel } from "./CsvPreviewPanel.tsx";
import { ContactListCheckPanel } from "./ContactListCheckPanel.tsx";
import type { ContactListCheck } from "@parley/shared/campaign-preview";
import { withCheckedVariables, type CsvPreview } from "../logic/csv-preview.ts";

type Props = {
  file: File | null;
  onFileChange(file: File | null): void;
  existing: ContactListInfo | null;
  viewMode: boolean;
  /** The chosen file read in the browser; null until read (or with no file). */
  preview: CsvPreview | null;
  /** The server dials the simulated carrier: the persona column is explained. */
  simulatedCarrier: boolean;
  /** The chosen file read by the server's import (nothing saved): ready and rejected rows. */
  check: { pending: boolean; error: unknown; data: ContactListCheck | undefined };
  /** The saved campaign a CRM list is imported into (null before the first save). */
  campaignId: string | null;
  /** A CRM import replaced the saved list. */
  onCrmImported(): void;
};

/** 'CSV Upload' (with the stored list's summary once saved) and 'CRM Mapping'. */
export function ContactListSection({
  file,
  onFileChange,
  existing,
  viewMode,
  preview,
  simulatedCarrier,
  check,
  campaignId,
  onCrmImported,
}: Props) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [crmOpen, setCrmOpen] = useState(false);

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    if (!isCsvFile(picked)) {
      setError(CSV_INVALID_MESSAGE);
      if (inputRef.current) inputRef.current.value = "";
      return;
    }
    setError(null);
    onFileChange(picked);
  };
  const clear = () => {
    onFileChange(null);
    if (inputRef.current) inputRef.current.value = "";
  };

  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: 2 }}>
      <Box
        sx={{
          border: 1,
          borderColor: "divider",
          borderRadius: 2,
          p: 2,
          display: "flex",
          flexDirection: "column",
          gap: 1.5,
        }}
      >
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          CSV Upload
        </Typography>
        {existing && <ContactListSummary info={existing} />}
        <Box>
          <Button component="label" variant="outlined" startIcon={<CloudUpload />}>
            {viewMode || existing ? "Update CSV File" : "Upload CSV File"}
            <input
              ref={inputRef}
              hidden
              type="file"
              accept=".csv,text/csv"
              data-testid="csv-input"
              onChange={(e) => choose(e.target.files?.[0])}
            />
          </Button>
        </Box>
        {file && (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            <Typography variant="body2" color="success.main" sx={{ fontWeight: 600 }}>
              New file selected
            </Typography>
            <Typography variant="body2">
              {file.name} ({formatFileSize(file.size)})
            </Typography>
            <Button size="small" onClick={clear}>
              Clear
            </Button>
          </Box>
        )}
        {file && preview && (
          <CsvPreviewPanel
            preview={check.data ? withCheckedVariables(preview, check.data.variables) : preview}
            simulatedCarrier={simulatedCarrier}
          />
        )}
        {file && <ContactListCheckPanel {...check} />}
        {error && <Alert severity="error">{error}</Alert>}
        <Typography variant="caption" color="text.secondary">
          Columns: name, phone (required), email, and any extra columns as variables.
          {simulatedCarrier &&
            !file &&
            " An optional persona column tells the simulated carrier how each callee answers."}
        </Typography>
      </Box>
      <Box
        sx={{
          border: 1,
          borderColor: "divider",
          borderRadius: 2,
          p: 2,
          display: "flex",
          flexDirection: "column",
          gap: 1.5,
        }}
      >
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          CRM Mapping
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Import a HubSpot list instead of a file.
        </Typography>
        <Box>
          <Button variant="outlined" startIcon={<Hub />} onClick={() => setCrmOpen(true)}>
            CRM Mapping
          </Button>
        </Box>
      </Box>
      <CrmDialog open={crmOpen} onClose={() => setCrmOpen(false)} campaignId={campaignId} onImported={onCrmImported} />
    </Box>
  );
}
