import { test } from "node:test";
import assert from "node:assert/strict";
import { micMessage, micProblem } from "./microphone.ts";

test("the browser's failures opening the microphone become what the user can do about them", () => {
  const failure = (name: string) => new DOMException("from the browser", name);
  assert.equal(micProblem(failure("NotAllowedError")), "refused");
  assert.equal(micProblem(failure("SecurityError")), "refused");
  assert.equal(micProblem(failure("NotFoundError")), "absent");
  assert.equal(micProblem(failure("NotSupportedError")), "absent");
  assert.equal(micProblem(failure("NotReadableError")), "busy");
  assert.equal(micProblem(new Error("worklet did not load")), "failed");
  assert.equal(
    micMessage(failure("NotAllowedError")),
    "Microphone access is blocked. Allow the microphone for this site in your browser, then try again.",
  );
  assert.equal(micMessage(failure("NotFoundError")), "No microphone was found. Connect one and try again.");
});
