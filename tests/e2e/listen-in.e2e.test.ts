import assert from "node:assert/strict";
import { test, describe, before, after } from "node:test";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { registerViaApi, signIn, loginViaApi } from "../support/e2e-users.ts";
import { numbersInHoursNow } from "../support/in-hours-numbers.ts";
import { insertCampaign, insertContact } from "../support/seed.ts";

// A real call on the simulated carrier, placed with "Call now" in the server the browser talks to; the
// campaign and its contact are seeded into the PostgreSQL database the server shares with this test.
const skip = await postgresSkipReason();

describe("listen in and take over a live call from the Progress panel", { skip: skip ?? false }, () => {
  let env: E2EOnPostgres;
  before(async () => {
    env = await startE2EOnPostgres({
      env: { SIMULATED_RING_MS: "200" },
      browserArgs: [
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        "--autoplay-policy=no-user-gesture-required",
      ],
    });
  });
  after(() => env.close());

  /** A campaign whose one contact says hello, then stays on the line long enough to be listened to. */
  async function ringNow(orgId: string, token: string, name: string): Promise<{ campaignId: string; callId: string }> {
    const campaignId = await insertCampaign(env.db, orgId, { name: "Listen in", status: "active", timezone: "UTC" });
    const contactId = await insertContact(env.db, orgId, campaignId, {
      name,
      first_name: name,
      phone_e164: numbersInHoursNow(1, Math.floor(Math.random() * 80_000))[0]!,
      persona: "say:Hello;wait:40;hangup",
    });
    const res = await fetch(`${env.baseUrl}/api/calls`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ campaign_id: campaignId, contact_id: contactId }),
    });
    assert.equal(res.status, 202);
    return { campaignId, callId: ((await res.json()) as { call: { id: string } }).call.id };
  }

  for (const width of [1440, 390]) {
    test(`listen, take over and hand back at ${width} px; the call's details say who`, async () => {
      const user = await registerViaApi(env.baseUrl);
      const me = await loginViaApi(env.baseUrl, user);
      const { campaignId, callId } = await ringNow(me.orgId, me.token, "Asha Rao");
      const page = await env.newPage({ width, height: 900 });
      await signIn(page, user);
      await page.goto(`/org/${me.slug}/campaign-setup?id=${campaignId}`);
      const live = page.getByRole("region", { name: "Progress" }).getByTestId("live-calls");
      await live.getByRole("button", { name: "Listen to the call with Asha Rao" }).click();
      await live.getByText("Listening: you hear both sides.").waitFor();
      await env.screenshot(page, `listen-in-${width}`);

      await live.getByRole("button", { name: "Take over" }).click();
      await live.getByText("You are on the call with Asha Rao. The agent is muted.").waitFor();
      await env.screenshot(page, `listen-take-over-${width}`);
      await live.getByRole("button", { name: "Hand back" }).click();
      await live.getByText("Listening: you hear both sides.").waitFor();
      await live.getByRole("button", { name: "Stop listening" }).click();
      await live.getByRole("button", { name: "Listen to the call with Asha Rao" }).waitFor();

      const detail = await fetch(`${env.baseUrl}/api/call-history/${callId}`, {
        headers: { authorization: `Bearer ${me.token}` },
      });
      const kinds = ((await detail.json()) as { call: { interventions: { kind: string }[] } }).call.interventions.map(
        (i) => i.kind,
      );
      assert.deepEqual(kinds, ["listen", "take_over", "hand_back"]);
      await fetch(`${env.baseUrl}/api/campaigns/${campaignId}/pause`, {
        method: "POST",
        headers: { authorization: `Bearer ${me.token}` },
      });
      await page.context().close();
    });
  }
});
