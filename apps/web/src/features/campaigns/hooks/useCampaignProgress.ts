import { useEffect, useState } from "react";
import { progressIsFinal, type CampaignProgress } from "@parley/shared/campaign-progress";
import { readProgressStream } from "../api/progress-stream.ts";
import { ApiRequestError, messageOf } from "../../../lib/api-error.ts";

const RECONNECT_MS = 3000;

/**
 * The campaign's live progress. The stream ends by itself once the campaign is finished; a stream cut
 * short before that (network, server restart) is reopened after a short wait.
 */
export function useCampaignProgress(campaignId: string, enabled: boolean) {
  const [progress, setProgress] = useState<CampaignProgress | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    let latest: CampaignProgress | null = null;
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    void (async () => {
      while (!signal.aborted) {
        try {
          await readProgressStream(
            campaignId,
            (p) => {
              latest = p;
              setProgress(p);
              setError(null);
            },
            signal,
          );
          if (latest && progressIsFinal(latest)) return;
        } catch (err) {
          if (signal.aborted) return;
          setError(messageOf(err, "Live progress is unavailable right now."));
          if (err instanceof ApiRequestError && err.status === 404) return; // the campaign is gone: nothing to wait for
        }
        await wait(RECONNECT_MS);
      }
    })();
    return () => controller.abort();
  }, [campaignId, enabled]);

  return { progress, error };
}
