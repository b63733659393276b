import type { Metrics } from "../../platform/metrics.ts";
import type { CallPlacer } from "./dialer.types.ts";

/** The call placer, counted for /metrics: calls in progress while each runs, and each one's outcome. */
export function countedPlacer(
  placer: CallPlacer,
  metrics: Pick<Metrics, "callsInProgress" | "callOutcomes">,
): CallPlacer {
  return {
    async place(job, signal) {
      metrics.callsInProgress.inc();
      try {
        const result = await placer.place(job, signal);
        metrics.callOutcomes.inc({ outcome: result.outcome });
        return result;
      } catch (err) {
        metrics.callOutcomes.inc({ outcome: "failed" });
        throw err;
      } finally {
        metrics.callsInProgress.dec();
      }
    },
  };
}
