import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { useViewerZone } from "../../lib/useViewerZone.ts";
import { getCallDetail } from "./call-logs-api.ts";
import { toCallLogRow, type CallLogRow } from "./call-log-display.ts";

/**
 * A call opened by link (`?call=<id>&at=<ms>`, from a campaign's failed checks): its row for the details dialog
 * and the moment of the recording to start at. `clear` drops the link when the dialog closes.
 */
export function useLinkedCall(): { row: CallLogRow | null; atMs: number | undefined; clear(): void } {
  const [params, setParams] = useSearchParams();
  const id = params.get("call");
  const at = Number(params.get("at"));
  const viewerZone = useViewerZone();
  const detail = useQuery({
    queryKey: ["call-history", "detail", id],
    queryFn: ({ signal }) => getCallDetail(id!, signal),
    enabled: id !== null,
  });
  return {
    row: id && detail.data ? toCallLogRow(detail.data.call, viewerZone) : null,
    atMs: Number.isFinite(at) && at > 0 ? at : undefined,
    clear: () => setParams({}, { replace: true }),
  };
}
