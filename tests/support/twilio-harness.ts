import type { AddressInfo } from "node:net";
import { createTwilioTelephony, type TwilioTelephony } from "@parley/voice/telephony/twilio/twilio-telephony";
import { buildApp } from "../../apps/server/src/http/app.ts";
import { createLogger } from "../../apps/server/src/platform/logger.ts";
import { twilioRoutes } from "../../apps/server/src/features/telephony/twilio.routes.ts";
import { startFakeTwilio, type FakeTwilio } from "./fake-twilio.ts";

export const TWILIO_SID = "AC00000000000000000000000000000001";
export const TWILIO_TOKEN = "fake-auth-token";
export const TWILIO_PUBLIC_URL = "https://parley.example";

/** Parley's Twilio telephony and its webhook routes on a local server, talking to the fake Twilio. */
export async function startTwilioHarness(o: {
  startTimeoutMs: number;
}): Promise<{ fake: FakeTwilio; tel: TwilioTelephony; close(): Promise<void> }> {
  const fake = await startFakeTwilio({ accountSid: TWILIO_SID, authToken: TWILIO_TOKEN });
  const tel = createTwilioTelephony({
    accountSid: TWILIO_SID,
    authToken: TWILIO_TOKEN,
    apiBase: fake.apiBase,
    from: "+15005550006",
    publicUrl: TWILIO_PUBLIC_URL,
    startTimeoutMs: o.startTimeoutMs,
  });
  const app = await buildApp({
    logger: createLogger({ logLevel: "silent" }),
    corsOrigins: [],
    webDist: null,
    api: [twilioRoutes({ twilio: tel.webhooks })],
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  fake.routeTo(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  return {
    fake,
    tel,
    async close() {
      await app.close();
      await fake.close();
    },
  };
}
