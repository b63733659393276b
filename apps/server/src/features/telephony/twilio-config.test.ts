import { test } from "node:test";
import assert from "node:assert/strict";
import { loadConfig } from "../../platform/config.ts";

test("Twilio settings are read only when TELEPHONY=twilio, and all of them are required then", () => {
  assert.equal(loadConfig({}).voice.twilio, null);
  assert.throws(
    () => loadConfig({ TELEPHONY: "twilio", TWILIO_ACCOUNT_SID: "AC1" }),
    /TWILIO_AUTH_TOKEN: required[\s\S]*TWILIO_FROM: required[\s\S]*PUBLIC_URL: required/,
  );
  assert.throws(() => loadConfig({ PUBLIC_URL: "parley.example" }), /PUBLIC_URL: must be an http\(s\):\/\/ URL/);
  const cfg = loadConfig({
    TELEPHONY: "twilio",
    TWILIO_ACCOUNT_SID: "AC1",
    TWILIO_AUTH_TOKEN: "t",
    TWILIO_FROM: "+15005550006",
    PUBLIC_URL: "https://parley.example",
  });
  assert.deepEqual(cfg.voice.twilio, {
    accountSid: "AC1",
    authToken: "t",
    from: "+15005550006",
    publicUrl: "https://parley.example",
    apiBase: "https://api.twilio.com",
  });
});
