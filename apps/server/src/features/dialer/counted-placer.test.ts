import assert from "node:assert/strict";
import { test } from "node:test";
import { Counter, Gauge, Registry } from "prom-client";
import { countedPlacer } from "./counted-placer.ts";
import type { DialJob } from "./dialer.types.ts";

test("a call counts as in progress while it runs, then once under its outcome", async () => {
  const registry = new Registry();
  const metrics = {
    callsInProgress: new Gauge({ name: "p", help: "p", registers: [registry] }),
    callOutcomes: new Counter({ name: "o", help: "o", labelNames: ["outcome"] as const, registers: [registry] }),
  };
  let release!: () => void;
  const placer = countedPlacer(
    { place: () => new Promise((r) => (release = () => r({ outcome: "interested", durationSecs: 30 }))) },
    metrics,
  );
  const call = placer.place({} as DialJob, new AbortController().signal);
  assert.equal((await metrics.callsInProgress.get()).values[0]!.value, 1);
  release();
  await call;
  assert.equal((await metrics.callsInProgress.get()).values[0]!.value, 0);
  assert.deepEqual(
    (await metrics.callOutcomes.get()).values.map((v) => [v.labels.outcome, v.value]),
    [["interested", 1]],
  );
  const failing = countedPlacer(
    {
      place: async () => {
        throw new Error("carrier down");
      },
    },
    metrics,
  );
  await assert.rejects(failing.place({} as DialJob, new AbortController().signal));
  assert.equal((await metrics.callsInProgress.get()).values[0]!.value, 0);
  assert.equal((await metrics.callOutcomes.get()).values.find((v) => v.labels.outcome === "failed")!.value, 1);
});
