import assert from "node:assert/strict";
import { test } from "node:test";
import type { CampaignProgress } from "@parley/shared/campaign-progress";
import type { CampaignProgressRepo } from "./campaign-progress.repo.ts";
import { systemClock } from "../../platform/clock.ts";
import { createCampaignProgressService } from "./campaign-progress.service.ts";

const snap = (over: Partial<CampaignProgress>): CampaignProgress => ({
  status: "active",
  status_reason: null,
  contacts: 2,
  pending: 2,
  in_progress: 0,
  done: 0,
  by_outcome: {},
  live_calls: [],
  activity: { state: "starting", message: "Starting", next_at: null, contact_zone: null, contact_local_time: null },
  ...over,
});

/** A repo answering the given snapshots in turn (the last one repeats), counting reads. */
function scripted(list: Array<CampaignProgress | null>) {
  let reads = 0;
  const repo: CampaignProgressRepo = { snapshot: async () => list[Math.min(reads++, list.length - 1)] ?? null };
  return { repo, reads: () => reads };
}

test("only changed snapshots are passed on, and the stream ends once the campaign is finished", async () => {
  const { repo } = scripted([
    snap({ pending: 2 }),
    snap({ pending: 1, in_progress: 1 }),
    snap({ pending: 1, in_progress: 1 }),
    snap({ status: "completed", pending: 0, done: 2 }),
  ]);
  const service = createCampaignProgressService({ repo, pollMs: 1, clock: systemClock });
  const seen: CampaignProgress[] = [];
  for await (const p of service.changes("org", "c", snap({ pending: 2 }), new AbortController().signal)) seen.push(p);
  assert.deepEqual(
    seen.map((p) => [p.status, p.pending, p.in_progress]),
    [
      ["active", 1, 1],
      ["completed", 0, 0],
    ],
  );
});

test("a finished campaign with a call still on the line keeps streaming until the call ends", async () => {
  const { repo } = scripted([snap({ status: "stopped", in_progress: 0, pending: 0 })]);
  const service = createCampaignProgressService({ repo, pollMs: 1, clock: systemClock });
  const seen: CampaignProgress[] = [];
  for await (const p of service.changes(
    "org",
    "c",
    snap({ status: "stopped", in_progress: 1 }),
    new AbortController().signal,
  ))
    seen.push(p);
  assert.equal(seen.length, 1);
});

test("the client leaving stops the polling at once; a deleted campaign ends the stream", async () => {
  const { repo, reads } = scripted([snap({})]);
  const service = createCampaignProgressService({ repo, pollMs: 60_000, clock: systemClock });
  const controller = new AbortController();
  const started = Date.now();
  setTimeout(() => controller.abort(), 20);
  for await (const _ of service.changes("org", "c", snap({}), controller.signal)) assert.fail("nothing changed");
  assert.ok(Date.now() - started < 5000, "did not wait for the next poll");
  assert.equal(reads(), 0);
  const gone = scripted([null]);
  const ended = createCampaignProgressService({ repo: gone.repo, pollMs: 1, clock: systemClock });
  for await (const _ of ended.changes("org", "c", snap({}), new AbortController().signal))
    assert.fail("no message for a deleted campaign");
  assert.equal(gone.reads(), 1);
});
