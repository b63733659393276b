import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  changeLifecycle,
  deleteCampaign,
  duplicateCampaign,
  getCampaign,
  listCampaigns,
  listContacts,
  listVoices,
  type LifecycleAction,
} from "../api/campaigns-api.ts";
import { toRow } from "../api/campaign-mapping.ts";

const KEY = "campaigns";

export function useCampaignList(q: { search: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [KEY, "list", q],
    queryFn: async () => {
      const res = await listCampaigns(q);
      return { rows: res.campaigns.map(toRow), total: res.total };
    },
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(id: string | null) {
  return useQuery({ queryKey: [KEY, "one", id], queryFn: () => getCampaign(id!), enabled: id !== null });
}

export function useVoices() {
  return useQuery({ queryKey: ["voices"], queryFn: listVoices, staleTime: 5 * 60_000 });
}

export function useCampaignContacts(id: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [KEY, "contacts", id, page, pageSize],
    queryFn: () => listContacts(id, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: () => qc.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function useLifecycle(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: LifecycleAction) => changeLifecycle(id, action),
    onSuccess: () => qc.invalidateQueries({ queryKey: [KEY] }),
  });
}

/** Pause or resume from the list, whichever row it is. */
export function useRowLifecycle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; action: LifecycleAction }) => changeLifecycle(v.id, v.action),
    onSuccess: () => qc.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function useDuplicateCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: duplicateCampaign,
    onSuccess: () => qc.invalidateQueries({ queryKey: [KEY] }),
  });
}
