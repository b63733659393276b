/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import type { KbDocument } from "@parley/shared/knowledge-base";
import { choiceChanged, pickerOptions } from "./knowledge-base-choice.ts";

const doc = (id: string, status: KbDocument["status"]) => ({ id, name: id, type: "Voice", status }) as KbDocument;

test("a choice changed only when the set of ids differs", () => {
  assert.equal(choiceChanged(["a", "b"], ["b", "a"]), false);
  assert.equal(choiceChanged([], []), false);
  assert.equal(choiceChanged(["a"], ["a", "b"]), true);
  assert.equal(choiceChanged(["a", "b"], ["a"]), true);
  assert.equal(choiceChanged(["a"], ["b"]), true);
});

test("the picker offers ready items and keeps chosen ones that are not ready", () => {
  const items = [
    doc("ready", "ready"),
    doc("busy", "processing"),
    doc("broken", "failed"),
    doc("chosen", "processing"),
  ];
  assert.deepEqual(
    pickerOptions(items, ["chosen"]).map((d) => d.id),
    ["ready", "chosen"],
  );
  assert.deepEqual(
    pickerOptions(items, []).map((d) => d.id),
    ["ready"],
  );
});
