import { useQuery } from "@tanstack/react-query";
import { OrgClockResponse } from "@parley/shared/settings";
import { api } from "./api-client.ts";
import { formatPhone } from "./phone-format.ts";
import { browserZone } from "./time-format.ts";

/** The organisation's zone and country the screens write times and numbers by (every member may read them). */
function useOrgDefaults() {
  return useQuery({
    queryKey: ["viewer-zone"],
    queryFn: ({ signal }) => api("/settings/organization/clock", { schema: OrgClockResponse, signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/**
 * The zone lists and times are shown in: the organisation's default time zone (Settings), so a team sees one
 * clock whatever browser it sits at; the browser's own when the organisation has none or it cannot be read.
 */
export function useViewerZone(): string {
  return useOrgDefaults().data?.timezone || browserZone();
}

/**
 * Writes a stored number for people (lib/phone-format.ts): national form for the organisation's own country,
 * international otherwise (and always when the organisation's country cannot be read).
 */
export function usePhoneFormat(): (raw: string) => string {
  const country = useOrgDefaults().data?.country ?? null;
  return (raw) => formatPhone(raw, country);
}

/** Whether the agent adds a meeting link to the meetings it books (Settings); undefined until known. */
export function useMeetingLinkSet(): boolean | undefined {
  return useOrgDefaults().data?.meeting_link_set;
}
