import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { getExperiment } from "./experiments-api.ts";
import { fromExperiment, type VariantDrafts } from "./variant-drafts.ts";

/**
 * A saved campaign's variants, put into the form once loaded (unless the form already holds its own), and the
 * experiment's state: whether its contacts are split (then variants are only reworded).
 */
export function useStoredVariants(campaignId: string | null, current: VariantDrafts, set: (v: VariantDrafts) => void) {
  const q = useQuery({
    queryKey: ["campaign-experiment", campaignId],
    queryFn: ({ signal }) => getExperiment(campaignId!, signal),
    enabled: campaignId !== null,
  });
  const loaded = q.data;
  useEffect(() => {
    if (loaded && current === null && loaded.state !== "none") set(fromExperiment(loaded));
  }, [loaded, current, set]);
  return { state: loaded?.state ?? null };
}
