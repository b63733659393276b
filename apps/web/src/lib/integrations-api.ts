import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CaldavIntegration, IntegrationList, type CaldavConnect } from "@parley/shared/integrations";
import { api } from "./api-client.ts";

const KEY = ["integrations"] as const;

/** The integration endpoints (docs/integrations.md, CalDAV); answers are checked against the shared schemas. */
export const integrationsApi = {
  list: () => api("/integrations", { schema: IntegrationList }),
  connectCaldav: (body: CaldavConnect) =>
    api("/integrations/caldav", { method: "PUT", body, schema: CaldavIntegration }),
  testCaldav: () => api("/integrations/caldav/test", { method: "POST", schema: CaldavIntegration }),
  disconnectCaldav: () => api("/integrations/caldav", { method: "DELETE" }),
};

export const useIntegrations = (enabled = true) => useQuery({ queryKey: KEY, queryFn: integrationsApi.list, enabled });

/** Connecting, testing or disconnecting refreshes what is shown. */
export function useCaldavChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    connect: useMutation({ mutationFn: integrationsApi.connectCaldav, onSuccess: refresh }),
    test: useMutation({ mutationFn: integrationsApi.testCaldav, onSuccess: refresh }),
    disconnect: useMutation({ mutationFn: integrationsApi.disconnectCaldav, onSuccess: refresh }),
  };
}
