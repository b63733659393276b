import { CampaignProgress } from "@parley/shared/campaign-progress";
import { readEventStream } from "../../../lib/event-stream.ts";

/** Reads the campaign's progress stream until the server ends it (the campaign finished) or `signal` aborts. */
export function readProgressStream(
  id: string,
  onProgress: (p: CampaignProgress) => void,
  signal: AbortSignal,
): Promise<void> {
  const path = `/campaigns/${encodeURIComponent(id)}`;
  return readEventStream(
    { path: `${path}/progress`, event: "progress", renewPath: path },
    (data) => {
      const parsed = CampaignProgress.safeParse(data);
      if (parsed.success) onProgress(parsed.data);
    },
    signal,
  );
}
