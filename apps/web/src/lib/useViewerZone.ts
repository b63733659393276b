import { useQuery } from "@tanstack/react-query";
import { OrgSettingsResponse } from "@parley/shared/settings";
import { api } from "./api-client.ts";
import { browserZone } from "./time-format.ts";

/**
 * The zone lists and times are shown in: the organisation's default time zone (Settings), so a team sees one
 * clock whatever browser it sits at; the browser's own when the organisation has none or it cannot be read.
 */
export function useViewerZone(): string {
  const q = useQuery({
    queryKey: ["viewer-zone"],
    queryFn: ({ signal }) => api("/settings/organization", { schema: OrgSettingsResponse, signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });
  return q.data?.settings.timezone || browserZone();
}
