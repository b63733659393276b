import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { INBOUND_NUMBER_MESSAGE } from "@parley/shared/inbound-number";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { savedCampaign } from "../support/saved-campaign.ts";
import { registerViaApi, signIn, loginViaApi, type E2EUser } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

// Campaign Type Inbound on the Campaign setup screen: selectable, its Inbound number checked as typed in the
// spec's style, the contact list upload and follow-up settings hidden (an inbound campaign dials no one), saved,
// at 1440 px (each screen looked at on a 390 px one too: the steps are the same there).
const skip = await postgresSkipReason();

describe("inbound campaign setup", { skip: skip ?? false }, () => {
  let env: E2EOnPostgres;
  let user: E2EUser;
  let slug: string;
  let token: string;
  before(async () => {
    env = await startE2EOnPostgres();
    user = await registerViaApi(env.baseUrl);
    const me = await loginViaApi(env.baseUrl, user);
    slug = me.slug;
    token = me.token;
  });
  after(() => env?.close());

  test("Inbound: the number field, checked and saved; outbound-only sections hidden (1440 and 390 px)", async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, user);
    await page.goto(`/org/${slug}/campaign-setup`);
    await page.getByRole("heading", { name: "Campaign Setup" }).waitFor();
    await page.getByRole("heading", { name: "Contact List Upload & Integrations" }).waitFor();
    await page.getByRole("button", { name: "Inbound", exact: true }).click();
    const field = page.getByLabel(/Inbound number/);
    await field.waitFor();
    assert.equal(
      await page.getByRole("heading", { name: "Contact List Upload & Integrations" }).count(),
      0,
      "no list to upload",
    );
    assert.equal(await page.getByLabel(/Maximum attempts/i).count(), 0, "no follow-up attempts");
    await field.fill("front desk");
    await page.getByText(INBOUND_NUMBER_MESSAGE).waitFor();
    await field.scrollIntoViewIfNeeded();
    await env.screenshot(page, "inbound-invalid-1440");
    await atPhoneWidth(env, page, "inbound-invalid", async () => {
      await field.scrollIntoViewIfNeeded();
      assert.ok(await page.getByText(INBOUND_NUMBER_MESSAGE).isVisible(), "the reason shows on a phone");
    });
    await field.fill("+1 (555) 010-0200");
    const name = "Front desk";
    await page.getByRole("textbox", { name: "Campaign Name" }).fill(name);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      "no sideways scrolling",
    );
    await page.getByRole("heading", { name: "Inbound Number" }).scrollIntoViewIfNeeded();
    await env.screenshot(page, "inbound-setup-1440");
    await atPhoneWidth(env, page, "inbound-setup", async () => {
      await page.getByRole("heading", { name: "Inbound Number" }).scrollIntoViewIfNeeded();
      assert.ok(await field.isVisible(), "the number field shows on a phone");
    });
    await page.getByRole("button", { name: "SAVE AS DRAFT" }).click();
    const saved = await savedCampaign<{ type: string; inbound_number: string | null }>(env.baseUrl, token, name);
    assert.deepEqual([saved?.type, saved?.inbound_number], ["inbound", "+15550100200"]);
    await page.context().close();
  });
});
