import assert from "node:assert/strict";
import { test } from "node:test";
import { createThreadBacklog } from "./thread-backlog.ts";

test("the backlog is the age of the oldest write the thread has not taken; work moves as it handles any", () => {
  let now = 1000;
  const b = createThreadBacklog(() => now);
  assert.equal(b.backlogMs(), 0, "nothing posted: no backlog");
  for (let i = 0; i < 5; i++) b.posted(1000 + 20 * i);
  now = 1500;
  assert.equal(b.backlogMs(), 500, "nothing decoded yet: the first frame's age");
  b.progress(3, 4);
  assert.equal(b.backlogMs(), 440, "three taken: the fourth (posted at 1060) is the oldest left");
  assert.equal(b.work(), 4);
  b.progress(5, 7);
  assert.equal(b.backlogMs(), 0, "all taken: caught up");
  b.progress(4, 6);
  assert.equal(b.work(), 7, "a late, older report never moves it back");
});
