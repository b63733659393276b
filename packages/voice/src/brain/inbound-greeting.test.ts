import assert from "node:assert/strict";
import { test } from "node:test";
import { testContext } from "../../../../tests/support/voice/test-providers.ts";
import { greetingLine } from "./rules-lines.ts";

// An inbound campaign's agent answers the phone: the company the caller rang, who answers (an AI), the
// recording notice, and the campaign's opening line or an offer to help — never "Do you have a minute?".
test("an inbound call is answered with the company, the AI disclosure and an offer to help", () => {
  const ctx = (openingLine: string) =>
    testContext({ orgName: "Bright Dental", inbound: true, campaign: { ...testContext().campaign, openingLine } });
  assert.equal(
    greetingLine(ctx("")),
    "Thank you for calling Bright Dental. This is an AI assistant, " +
      "and this call is recorded. How can I help you today?",
  );
  assert.equal(
    greetingLine(ctx("This is Sam from Bright Dental. Are you calling about an appointment?")),
    "Thank you for calling Bright Dental. This is Sam from Bright Dental. I'm an AI " +
      "assistant, and this call is recorded. Are you calling about an appointment?",
  );
});
