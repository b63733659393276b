import assert from "node:assert/strict";
import { test } from "node:test";
import { createFairQueue } from "./kb-ingest-queue.ts";

/** A queue whose documents finish when the test says so; `started` is the order they began in. */
function harness(slots: number) {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const queue = createFairQueue({
    slots,
    run: (id) => {
      started.push(id);
      return new Promise<void>((resolve) => finish.set(id, resolve));
    },
  });
  const done = async (id: string) => {
    finish.get(id)!();
    await new Promise((r) => setImmediate(r));
  };
  return { queue, started, done };
}

test("one organisation's backlog holds one slot: another's documents start beside it, not behind it", async () => {
  const { queue, started, done } = harness(2);
  queue.push("a", ["a1", "a2", "a3", "a4", "a5"]);
  queue.push("b", ["b1"]);
  queue.push("c", ["c1"]);
  assert.deepEqual(started, ["a1", "b1"]);
  // a1 ends first: c, waiting longer than a's next, goes before it.
  await done("a1");
  assert.deepEqual(started, ["a1", "b1", "c1"]);
  await done("b1");
  await done("c1");
  assert.deepEqual(started, ["a1", "b1", "c1", "a2"]);
  queue.push("b", ["b2"]);
  assert.deepEqual(started, ["a1", "b1", "c1", "a2", "b2"]);
  for (const id of ["a2", "b2", "a3", "a4"]) await done(id);
  let idle = false;
  void queue.idle().then(() => (idle = true));
  await done("a5");
  assert.deepEqual(started, ["a1", "b1", "c1", "a2", "b2", "a3", "a4", "a5"]);
  assert.equal(idle, true);
});
