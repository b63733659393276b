import { CallDetail, CallHistoryList, type CallHistoryFilters } from "@parley/shared/call-history";
import { api } from "../../lib/api-client.ts";
import { session } from "../../lib/session.ts";

/** The qualifying filters (docs/outcome-fields.md): qualified or not, and one field's answer. */
export type QualifyingFilter = { qualified?: "yes" | "no"; field?: string; fieldValue?: string };
export type CallLogQuery = QualifyingFilter & {
  direction: "INBOUND" | "OUTBOUND";
  search: string;
  page: number;
  pageSize: number;
};

/** The filters as the API's query parameters. */
export const qualifyingQuery = (q: QualifyingFilter) => ({
  qualified: q.qualified,
  field: q.field,
  field_value: q.field ? q.fieldValue || undefined : undefined,
});

export function listCallHistory(q: CallLogQuery, signal?: AbortSignal) {
  return api("/call-history", {
    query: {
      direction: q.direction,
      search: q.search || undefined,
      page: q.page,
      page_size: q.pageSize,
      ...qualifyingQuery(q),
    },
    schema: CallHistoryList,
    signal,
  });
}

export function getCallDetail(id: string, signal?: AbortSignal) {
  return api(`/call-history/${id}`, { schema: CallDetail, signal });
}

function exportUrl(filters: CallHistoryFilters): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) qs.set(k, String(v));
  return `/api/call-history/export?${qs}`;
}

async function fetchExport(filters: CallHistoryFilters): Promise<Response> {
  const token = session.token();
  return fetch(exportUrl(filters), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/**
 * The server's CSV of every matching call, as a file name and a Blob. The download bypasses the JSON
 * client, so an expired access token is renewed through it (any authenticated call) and tried once more.
 */
export async function downloadCallLogs(filters: CallHistoryFilters): Promise<{ blob: Blob; fileName: string }> {
  let res = await fetchExport(filters);
  if (res.status === 401) {
    await api("/auth/me");
    res = await fetchExport(filters);
  }
  if (!res.ok) throw new Error(`Export failed with status ${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "call-logs.csv";
  return { blob: await res.blob(), fileName: name };
}

/** Hands a Blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
