import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DncAdd } from "@parley/shared/dnc";
import { dncApi } from "./dnc-api.ts";

const KEY = ["dnc"] as const;

/** One page of the list; the previous page stays on screen while the next one loads. */
export function useDncList(q: { search: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...KEY, q],
    queryFn: ({ signal }) => dncApi.list(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** Add, import and remove; each refreshes the list. */
export function useDncChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    add: useMutation({ mutationFn: (body: DncAdd) => dncApi.add(body), onSuccess: refresh }),
    importCsv: useMutation({
      mutationFn: (a: { file: File; country: string }) => dncApi.importCsv(a.file, a.country),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => dncApi.remove(id), onSuccess: refresh }),
  };
}
