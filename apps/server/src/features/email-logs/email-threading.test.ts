import { test } from "node:test";
import assert from "node:assert/strict";
import { addressOf, normalizeMessageId, referenceIds, subjectKey } from "./email-threading.ts";

test("subjectKey strips stacked reply and forward prefixes, case and spacing", () => {
  assert.equal(subjectKey("Re: RE: Fwd:  Pricing   for 20 seats"), "pricing for 20 seats");
  assert.equal(subjectKey("AW: Re[2]: Demo"), "demo");
  assert.equal(subjectKey("Regarding the demo"), "regarding the demo");
  assert.equal(subjectKey(""), "");
});

test("referenceIds puts In-Reply-To first, keeps References order and drops repeats", () => {
  assert.deepEqual(referenceIds("<b@x>", "<a@x> <b@x>"), ["<b@x>", "<a@x>"]);
  assert.deepEqual(referenceIds(undefined, ["<a@x>", "<c@x>"]), ["<a@x>", "<c@x>"]);
  assert.deepEqual(referenceIds("bare@x", undefined), ["<bare@x>"]);
  assert.deepEqual(referenceIds(undefined, undefined), []);
});

test("normalizeMessageId adds missing angle brackets only", () => {
  assert.equal(normalizeMessageId("abc@host"), "<abc@host>");
  assert.equal(normalizeMessageId(" <abc@host> "), "<abc@host>");
});

test("addressOf reads the bare lower-cased address", () => {
  assert.equal(addressOf("Priya Shah <Priya@Example.com>"), "priya@example.com");
  assert.equal(addressOf("sam@acme.io"), "sam@acme.io");
  assert.equal(addressOf("no address here"), null);
});
