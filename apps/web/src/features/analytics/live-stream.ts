import { LiveCalls } from "@parley/shared/analytics";
import { readEventStream } from "../../lib/event-stream.ts";

/** Reads the organisation's live calls stream until the server ends it or `signal` aborts. */
export function readLiveCalls(onCalls: (l: LiveCalls) => void, signal: AbortSignal): Promise<void> {
  return readEventStream(
    { path: "/calls/live", event: "live", renewPath: "/dashboard/conversation-minutes" },
    (data) => {
      const parsed = LiveCalls.safeParse(data);
      if (parsed.success) onCalls(parsed.data);
    },
    signal,
  );
}
