/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { whoLine } from "./kb-who.ts";

test("a knowledge-base row names who added it and who changed it last", () => {
  assert.equal(whoLine({ added_by_name: "Sam Rivera", updated_by_name: null }), "Added by Sam Rivera");
  assert.equal(
    whoLine({ added_by_name: "Sam Rivera", updated_by_name: "Lin Mail" }),
    "Added by Sam Rivera · changed by Lin Mail",
  );
  assert.equal(
    whoLine({ added_by_name: "Sam Rivera", updated_by_name: "Sam Rivera" }),
    "Added and changed by Sam Rivera",
  );
  assert.equal(
    whoLine({ added_by_name: null, updated_by_name: "Lin Mail" }),
    "Changed by Lin Mail",
    "the adder's account was deleted",
  );
  assert.equal(whoLine({ added_by_name: null, updated_by_name: null }), "");
});
