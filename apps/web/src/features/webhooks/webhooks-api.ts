import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  WebhookDeliveryList,
  WebhookDeliveryReply,
  WebhookEndpointCreated,
  WebhookEndpointList,
  WebhookEndpointReply,
  WebhookSecretRotated,
  type WebhookEndpointInput,
} from "@parley/shared/webhooks";
import { api } from "../../lib/api-client.ts";

const KEY = ["webhooks"] as const;
const id = (s: string) => encodeURIComponent(s);

/** The webhook endpoints (docs/integrations.md, "Webhooks"); answers are checked against the shared schemas. */
export const webhooksApi = {
  list: () => api("/webhooks", { schema: WebhookEndpointList }),
  create: (body: WebhookEndpointInput) => api("/webhooks", { method: "POST", body, schema: WebhookEndpointCreated }),
  update: (endpointId: string, body: WebhookEndpointInput) =>
    api(`/webhooks/${id(endpointId)}`, { method: "PUT", body, schema: WebhookEndpointReply }),
  remove: (endpointId: string) => api(`/webhooks/${id(endpointId)}`, { method: "DELETE" }),
  rotateSecret: (endpointId: string) =>
    api(`/webhooks/${id(endpointId)}/rotate-secret`, { method: "POST", schema: WebhookSecretRotated }),
  deliveries: (endpointId: string) => api(`/webhooks/${id(endpointId)}/deliveries`, { schema: WebhookDeliveryList }),
  sendTest: (endpointId: string) =>
    api(`/webhooks/${id(endpointId)}/test`, { method: "POST", schema: WebhookDeliveryReply }),
  resend: (endpointId: string, deliveryId: string) =>
    api(`/webhooks/${id(endpointId)}/deliveries/${id(deliveryId)}/resend`, {
      method: "POST",
      schema: WebhookDeliveryReply,
    }),
};

export const useWebhookEndpoints = () => useQuery({ queryKey: KEY, queryFn: webhooksApi.list });

/** The log refreshes every few seconds while a delivery waits, so a test event's answer shows up on its own. */
export function useDeliveries(endpointId: string) {
  return useQuery({
    queryKey: [...KEY, endpointId, "deliveries"],
    queryFn: () => webhooksApi.deliveries(endpointId),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === "pending") ? 2000 : false),
  });
}

/** Every change refreshes the endpoints and their logs. */
export function useWebhookChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    create: useMutation({ mutationFn: webhooksApi.create, onSuccess: refresh }),
    update: useMutation({
      mutationFn: (a: { id: string; body: WebhookEndpointInput }) => webhooksApi.update(a.id, a.body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: webhooksApi.remove, onSuccess: refresh }),
    rotateSecret: useMutation({ mutationFn: webhooksApi.rotateSecret }),
    sendTest: useMutation({ mutationFn: webhooksApi.sendTest, onSuccess: refresh }),
    resend: useMutation({
      mutationFn: (a: { endpointId: string; deliveryId: string }) => webhooksApi.resend(a.endpointId, a.deliveryId),
      onSuccess: refresh,
    }),
  };
}
