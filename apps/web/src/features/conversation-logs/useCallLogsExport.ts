import { useState } from "react";
import type { Toast } from "../../components/AppToast.tsx";
import { downloadCallLogs, type QualifyingFilter, qualifyingQuery, saveBlob } from "./call-logs-api.ts";
import { rowsToCsv, type CallLogRow } from "./call-log-display.ts";

/**
 * 'Export Call Logs': the server's CSV of every match; if that fails, a CSV of the rows on screen
 * (spec section 8), with the spec's messages.
 */
export function useCallLogsExport(
  filters: { direction: "INBOUND" | "OUTBOUND"; search: string } & QualifyingFilter,
  rows: CallLogRow[],
  notify: (t: Toast) => void,
) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadCallLogs({
        direction: filters.direction,
        search: filters.search || undefined,
        ...qualifyingQuery(filters),
      });
      saveBlob(blob, fileName);
      notify({ severity: "success", message: "Export completed! File downloaded successfully.", durationMs: 3000 });
    } catch (err) {
      console.error("Failed to export call logs. Please try again.", err);
      try {
        saveBlob(
          new Blob([rowsToCsv(rows)], { type: "text/csv;charset=utf-8" }),
          `call-logs-${new Date().toISOString().slice(0, 10)}.csv`,
        );
        notify({
          severity: "success",
          message: "Export completed! CSV file generated from current data.",
          durationMs: 3000,
        });
      } catch {
        notify({ severity: "error", message: "Failed to generate export file. Please try again.", durationMs: 6000 });
      }
    } finally {
      setBusy(false);
    }
  };
  return { exporting: busy, exportLogs: run };
}
