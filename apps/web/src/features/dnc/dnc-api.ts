import { DncImportResult, DncList, type DncAdd } from "@parley/shared/dnc";
import { api } from "../../lib/api-client.ts";

/** The do-not-call endpoints (docs/campaigns.md); answers are checked against the shared schemas. */
export const dncApi = {
  list: (q: { search: string; page: number; pageSize: number }, signal?: AbortSignal) =>
    api("/dnc", { query: { search: q.search, page: q.page, page_size: q.pageSize }, schema: DncList, signal }),
  add: (body: DncAdd) => api("/dnc", { method: "POST", body, schema: DncImportResult }),
  importCsv: (file: File, defaultCountry: string) => {
    const form = new FormData();
    // The server reads fields that come before the file, so the country goes first.
    if (defaultCountry) form.append("default_country", defaultCountry);
    form.append("file", file);
    return api("/dnc", { method: "POST", body: form, schema: DncImportResult });
  },
  remove: (id: string) => api(`/dnc/${encodeURIComponent(id)}`, { method: "DELETE" }),
};
