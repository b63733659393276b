import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { getCampaignKnowledgeBases, listKnowledgeBaseItems } from "../api/knowledge-bases-api.ts";

/**
 * The knowledge base picker's state: the org's items, the ids attached to the campaign when it was
 * loaded (`saved`), and the current choice. `saved` is what a later save compares against.
 */
export function useKnowledgeBaseChoice(campaignId: string | null, initialSelected: string[] = []) {
  const items = useQuery({ queryKey: ["campaigns", "kb-items"], queryFn: listKnowledgeBaseItems });
  const attached = useQuery({
    queryKey: ["campaigns", "kb-attached", campaignId],
    queryFn: () => getCampaignKnowledgeBases(campaignId!),
    enabled: campaignId !== null,
  });
  const [saved, setSaved] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>(initialSelected);
  const loaded = attached.data;
  // Once the campaign's attachments arrive they become both the baseline and the choice shown.
  useEffect(() => {
    if (!loaded) return;
    const ids = loaded.map((d) => d.id);
    setSaved(ids);
    setSelected(ids);
  }, [loaded]);
  return { items, attached, selected, setSelected, saved, setSaved };
}
export type KnowledgeBaseChoice = ReturnType<typeof useKnowledgeBaseChoice>;
