import assert from "node:assert/strict";
import { test } from "node:test";
import { silenceToEndTurn, type EndpointPolicy } from "./endpoint-policy.ts";
import { fixedEndpoint } from "../../../../tests/support/voice/fixed-endpoint.ts";

const policy: EndpointPolicy = {
  completeTurnSilenceMs: 250,
  midPhraseSilenceMs: 1100,
  endOfTurnSilenceMs: 500,
  shortAnswerMs: 700,
  shortAnswerSilenceMs: 300,
};

test("the words decide when they are known; otherwise a short utterance ends sooner than a long one", () => {
  assert.equal(silenceToEndTurn(policy, { words: "complete", speechMs: 3000 }), 250);
  assert.equal(silenceToEndTurn(policy, { words: "incomplete", speechMs: 400 }), 1100);
  assert.equal(silenceToEndTurn(policy, { words: "unknown", speechMs: 2500 }), 500);
  assert.equal(silenceToEndTurn(policy, { words: "unknown", speechMs: 500 }), 300);
});

test("a fixed endpoint is the same silence whatever was said", () => {
  const fixed = fixedEndpoint(500);
  for (const words of ["complete", "incomplete", "unknown"] as const) {
    for (const speechMs of [200, 5000]) assert.equal(silenceToEndTurn(fixed, { words, speechMs }), 500);
  }
});
