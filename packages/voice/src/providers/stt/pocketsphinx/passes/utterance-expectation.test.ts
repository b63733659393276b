import assert from "node:assert/strict";
import { test } from "node:test";
import type { Expectation } from "../../../../expectation/expectation.ts";
import { createUtteranceExpectation } from "./utterance-expectation.ts";

test("an expectation set while the callee speaks applies from the next utterance, never to half of this one", () => {
  const applied: Expectation[] = [];
  const e = createUtteranceExpectation((x) => applied.push(x));
  const kind = (): string => e.current.kind;
  assert.equal(kind(), "open");
  e.expect({ kind: "yes-no" });
  assert.equal(kind(), "yes-no", "between utterances: at once");
  e.wrote();
  e.expect({ kind: "number" });
  assert.equal(kind(), "yes-no", "mid-utterance: this one keeps its own");
  e.flushed();
  assert.equal(kind(), "number");
  assert.deepEqual(
    applied.map((x) => x.kind),
    ["yes-no", "number"],
  );
});
