import { useEffect, useState } from "react";
import type { LiveCallRow } from "@parley/shared/analytics";
import { messageOf } from "../../lib/api-error.ts";
import { readLiveCalls } from "./live-stream.ts";

const RECONNECT_MS = 3000;

/** The organisation's calls in progress, kept open (and reopened after a short wait if it drops). */
export function useLiveCalls() {
  const [calls, setCalls] = useState<LiveCallRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    void (async () => {
      while (!signal.aborted) {
        try {
          await readLiveCalls((l) => {
            setCalls(l.calls);
            setError(null);
          }, signal);
        } catch (err) {
          if (signal.aborted) return;
          setError(messageOf(err, "Live calls are unavailable right now."));
        }
        await wait(RECONNECT_MS);
      }
    })();
    return () => controller.abort();
  }, []);

  return { calls, error };
}
