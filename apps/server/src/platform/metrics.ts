import type { RouteOptions } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { realtimeLoad } from "@parley/voice/os/realtime-load";
import type { Db } from "./db.ts";

/** What /metrics reads of admission control (features/dialer/admission.ts). */
type AdmissionView = { capacity(): { calls: number; free: number } };

/**
 * What `GET /metrics` publishes, in Prometheus text format. One registry per app (tests run many apps in one
 * process). Counters and the in-progress gauge are this process's own (Prometheus sums them over processes);
 * the queue gauges are read from the shared database at each scrape, so every process reports the same value.
 */
export function createMetrics(deps: { db: Db; admission?: AdmissionView }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "parley_process_" });
  const httpDuration = new Histogram({
    name: "parley_http_request_duration_seconds",
    help: "HTTP request latency, by route pattern, method and status code",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const callsInProgress = new Gauge({
    name: "parley_calls_in_progress",
    help: "Calls this process is dialling or talking on now",
    registers: [registry],
  });
  const callOutcomes = new Counter({
    name: "parley_call_outcomes_total",
    help: "Calls this process finished, by outcome",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  // Real time, read from the process at each scrape: what it can still take, and how far behind it runs.
  if (deps.admission) {
    const admission = deps.admission;
    new Gauge({
      name: "parley_call_capacity",
      help: "Calls this process can serve in real time in all, live ones included (admission control)",
      registers: [registry],
      collect() {
        this.set(admission.capacity().calls);
      },
    });
    new Gauge({
      name: "parley_call_capacity_free",
      help: "Calls this process can still take now; 0 holds the dialer back and answers inbound calls busy",
      registers: [registry],
      collect() {
        this.set(admission.capacity().free);
      },
    });
  }
  new Gauge({
    name: "parley_recognizer_backlog_ms",
    help: "Age of the oldest callee audio the speech recognisers have not decoded yet, ms (0: keeping up)",
    registers: [registry],
    collect() {
      this.set(realtimeLoad.recognizerBacklogMs());
    },
  });
  new Counter({
    name: "parley_late_frames_total",
    help: "Agent audio frames sent after their 20 ms slot had passed (the event loop fell behind)",
    registers: [registry],
    collect() {
      // The count lives in the voice package (process-wide); a counter only moves up, so add what is new.
      const seen = realtimeLoad.lateFrames();
      const had = lateFramesSeen.get(this) ?? 0;
      if (seen > had) this.inc(seen - had);
      lateFramesSeen.set(this, seen);
    },
  });
  new Gauge({
    name: "parley_dial_queue_depth",
    help: "Dial attempts due now and waiting for a worker (whole database)",
    registers: [registry],
    async collect() {
      const n = await countOrNull(
        deps.db,
        "select count(*)::int as n from call_attempts where status = 'pending' and due_at <= now()",
      );
      if (n !== null) this.set(n);
    },
  });
  new Gauge({
    name: "parley_recordings_pending",
    help: "Recordings kept in the database until the file store takes them (whole database)",
    registers: [registry],
    async collect() {
      const n = await countOrNull(deps.db, "select count(*)::int as n from pending_recordings");
      if (n !== null) this.set(n);
    },
  });

  return {
    registry,
    callsInProgress,
    callOutcomes,
    /** For the app's onRoute: times every route by its pattern (/api/campaigns/:id), never by its raw URL. */
    onRoute(route: RouteOptions): void {
      const own = route.onResponse ? [route.onResponse].flat() : [];
      const observe = async (request: { method: string }, reply: { statusCode: number; elapsedTime: number }) => {
        httpDuration.observe(
          { method: request.method, route: route.url, status_code: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      };
      route.onResponse = [...own, observe] as RouteOptions["onResponse"];
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

const lateFramesSeen = new WeakMap<object, number>();

/**
 * A count for a gauge, or null when the database does not answer: the scrape still succeeds (the gauge keeps
 * its last value) and the process's own figures arrive exactly when an outage makes them matter.
 */
async function countOrNull(db: Db, sql: string): Promise<number | null> {
  try {
    const [row] = await db.query<{ n: number }>(sql);
    return row?.n ?? 0;
  } catch {
    return null;
  }
}
