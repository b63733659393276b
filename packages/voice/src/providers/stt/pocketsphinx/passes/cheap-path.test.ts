import assert from "node:assert/strict";
import { test } from "node:test";
import { BEHIND_MS, CAUGHT_UP_MS, createCheapPath } from "./cheap-path.ts";

test("behind takes the cheaper path from the next utterance, until caught up (hysteresis)", () => {
  let backlog = 0;
  const path = createCheapPath(() => backlog);
  assert.equal(path.decide(), false, "keeping up: both passes");
  backlog = BEHIND_MS;
  assert.equal(path.decide(), true, "behind: without the domain pass");
  backlog = (BEHIND_MS + CAUGHT_UP_MS) / 2;
  assert.equal(path.decide(), true, "still behind more than the caught-up mark: stays cheap");
  backlog = CAUGHT_UP_MS - 1;
  assert.equal(path.decide(), false, "caught up: both passes again");
  assert.equal(path.utterances(), 2);
  assert.equal(createCheapPath(() => 0, { always: true }).decide(), true, "the bench's forced cheap path");
});
