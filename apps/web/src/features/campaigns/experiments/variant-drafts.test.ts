import assert from "node:assert/strict";
import { test } from "node:test";
import { addVariant, startExperiment, variantProblems, variantsPayload } from "./variant-drafts.ts";

test("an experiment starts from the call flow as variant A, with B empty; at most four", () => {
  const v = startExperiment({ opening_line: "Hi {name}", goal: "Book a demo" });
  assert.deepEqual(v, [
    { opening_line: "Hi {name}", goal: "Book a demo", voice_id: "" },
    { opening_line: "", goal: "", voice_id: "" },
  ]);
  assert.equal(addVariant(addVariant(addVariant(v))).length, 4);
});

test("a variant without an opening line is named; an untouched experiment is not sent", () => {
  assert.deepEqual(variantProblems(startExperiment({ opening_line: "Hi", goal: "" })), [
    null,
    "Variant B has no opening line: each variant needs its own.",
  ]);
  assert.deepEqual(variantsPayload(null), {});
  assert.deepEqual(variantsPayload([]), { variants: [] });
  assert.deepEqual(variantsPayload([{ opening_line: " Hi ", goal: "", voice_id: "" }]), {
    variants: [{ opening_line: "Hi", goal: "", voice_id: null }],
  });
});
