import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isBackchannel } from "./backchannel.ts";

describe("isBackchannel", () => {
  for (const t of ["yeah", "ok", "Okay.", "mm-hmm", "uh huh", "right", "sure", "I see", "yeah yeah"]) {
    test(`"${t}" is a backchannel`, () => assert.equal(isBackchannel(t), true));
  }
  for (const t of ["no", "stop", "what does it cost", "yeah but I am not interested", "", "uh"]) {
    test(`"${t}" is not a backchannel`, () => assert.equal(isBackchannel(t), false));
  }
});
