import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listCallHistory, type CallLogQuery } from "./call-logs-api.ts";
import { toCallLogRow } from "./call-log-display.ts";
import { useViewerZone } from "../../lib/useViewerZone.ts";

/**
 * One page of call logs, filtered and searched on the server; the previous page stays on screen while the next loads.
 */
export function useCallLogs(q: CallLogQuery, enabled: boolean) {
  const zone = useViewerZone();
  return useQuery({
    queryKey: ["call-history", "list", q, zone],
    queryFn: async ({ signal }) => {
      const res = await listCallHistory(q, signal);
      return { rows: res.call_history.map((r) => toCallLogRow(r, zone)), total: res.total, capped: res.total_capped };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
