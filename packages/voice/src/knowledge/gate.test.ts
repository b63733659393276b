import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { answerFromPassages, NOT_IN_KNOWLEDGE_BASE, type KbPassage } from "./answer.ts";
import { support, unsupported } from "./gate.ts";
import { WEIGHTS } from "./weights.ts";

// The top three passages retrieval gave for a question of the fourth set: SQLite's PRAGMA documentation
// (sqlite3-doc) and the Debian reference's tip on splitting files. None says how big a page can be.
const passages = JSON.parse(
  readFileSync(
    new URL("../../../../tests/support/debian-passages/sqlite-page-size-passages.json", import.meta.url),
    "utf8",
  ),
) as KbPassage[];

describe("the precision gate", () => {
  test("declines a sentence every rule accepted when it holds too little of the question", () => {
    // Before the gate: "If the argument N is positive then the suggested cache size is set to N…", a cache
    // size said as the answer to a page size.
    const a = answerFromPassages("how big can the page size be", passages);
    assert.equal(a.answered, false);
    assert.equal(a.text, NOT_IN_KNOWLEDGE_BASE);
    assert.deepEqual(a.used, []);
    assert.equal(a.checks[0]?.rule, "well-supported");
    assert.match(a.checks[0]!.sentence, /suggested cache size is set to N/);
    assert.match(a.checks[0]!.reason, /under 0\.7/);
    assert.ok(a.checks.every((c) => !c.accepted));
  });

  test("still answers a near question the same passages do answer", () => {
    const a = answerFromPassages("what happens if the cache size is set to a negative number", passages);
    assert.equal(a.answered, true);
    assert.match(a.text, /If the argument N is negative/);
    assert.equal(a.checks.find((c) => c.accepted)?.rule, "answers");
  });

  test("the threshold: a sentence and its heading holding just under it decline, just over it answer", () => {
    const min = WEIGHTS.accept.support;
    assert.equal(support({ topical: 0.5, context: 0.25 }), 0.75);
    assert.match(unsupported({ topical: min - 0.21, context: 0.2 }) ?? "", /too little of the question/);
    assert.equal(unsupported({ topical: min - 0.19, context: 0.2 }), null);
    assert.equal(unsupported({ topical: 0, context: min }), null);
  });
});
