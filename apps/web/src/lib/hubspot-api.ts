import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  CrmImportResult,
  CrmPreview,
  CrmSourceList,
  HubspotIntegration,
  type CrmImportRequest,
  type HubspotConnect,
} from "@parley/shared/integrations";
import { api } from "./api-client.ts";

/** HubSpot's endpoints (docs/integrations.md, "HubSpot"); answers are checked against the shared schemas. */
export const hubspotApi = {
  connect: (body: HubspotConnect) => api("/integrations/hubspot", { method: "PUT", body, schema: HubspotIntegration }),
  test: () => api("/integrations/hubspot/test", { method: "POST", schema: HubspotIntegration }),
  disconnect: () => api("/integrations/hubspot", { method: "DELETE" }),
  lists: () => api("/integrations/hubspot/lists", { schema: CrmSourceList }),
  preview: (listId: string) =>
    api(`/integrations/hubspot/lists/${encodeURIComponent(listId)}/preview`, { schema: CrmPreview }),
  importInto: (campaignId: string, body: CrmImportRequest) =>
    api(`/campaigns/${campaignId}/crm-import`, { method: "POST", body, schema: CrmImportResult }),
};

/** Connecting or disconnecting refreshes Settings → Integrations (and the lists a dialog may show). */
export function useHubspotChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["integrations"] });
  return {
    connect: useMutation({ mutationFn: hubspotApi.connect, onSuccess: refresh }),
    test: useMutation({ mutationFn: hubspotApi.test, onSuccess: refresh }),
    disconnect: useMutation({ mutationFn: hubspotApi.disconnect, onSuccess: refresh }),
  };
}

export const useHubspotLists = (enabled: boolean) =>
  useQuery({ queryKey: ["integrations", "hubspot", "lists"], queryFn: hubspotApi.lists, enabled, retry: false });

export const useHubspotPreview = (listId: string | null) =>
  useQuery({
    queryKey: ["integrations", "hubspot", "preview", listId],
    queryFn: () => hubspotApi.preview(listId!),
    enabled: listId !== null,
    retry: false,
  });
