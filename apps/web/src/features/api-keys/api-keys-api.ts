import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiKeyCreated, ApiKeyList, type ApiKeyInput } from "@parley/shared/api-keys";
import { api } from "../../lib/api-client.ts";

const KEY = ["api-keys"] as const;

/** The API key endpoints (docs/integrations.md, "API keys"); answers are checked against the shared schemas. */
export const apiKeysApi = {
  list: () => api("/api-keys", { schema: ApiKeyList }),
  create: (body: ApiKeyInput) => api("/api-keys", { method: "POST", body, schema: ApiKeyCreated }),
  revoke: (id: string) => api(`/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" }),
};

export const useApiKeys = () => useQuery({ queryKey: KEY, queryFn: apiKeysApi.list });

/** Creating or revoking a key refreshes the list. */
export function useApiKeyChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    create: useMutation({ mutationFn: apiKeysApi.create, onSuccess: refresh }),
    revoke: useMutation({ mutationFn: apiKeysApi.revoke, onSuccess: refresh }),
  };
}
