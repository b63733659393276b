import { useQuery } from "@tanstack/react-query";
import { getOrgSettings, getTelephonyMode } from "../api/setup-context-api.ts";

/** The organisation's defaults for a new campaign; a failure leaves the form's own defaults. */
export function useOrgDefaults(enabled: boolean) {
  return useQuery({
    queryKey: ["campaigns", "org-defaults"],
    queryFn: getOrgSettings,
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** The carrier the server dials with: the CSV's persona column only means something to the simulated one. */
export function useTelephonyMode() {
  const q = useQuery({
    queryKey: ["server", "telephony"],
    queryFn: getTelephonyMode,
    staleTime: Infinity,
    retry: false,
  });
  return q.data ?? null;
}
