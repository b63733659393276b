import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { newApiUser, signIn, type E2ESession, type E2EUser } from "../support/e2e-users.ts";
import { openSettingsPage } from "../support/e2e-settings.ts";
import { sampleContacts, startHubspotServer, type HubspotServer } from "../support/hubspot-server.ts";

const TOKEN = "pat-na1-aaaaaaaa-bbbb-cccc-dddd-eeeeeeee1234";

/** Dialogs fade in: a screenshot waits until one is fully shown. */
const dialogShown = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll(".MuiDialog-container")].some((el) => getComputedStyle(el).opacity === "1"),
  );

describe("HubSpot: Settings → Integrations and Campaign setup's CRM Mapping, against a local HubSpot API", () => {
  let env: E2E;
  let hs: HubspotServer;
  let me: E2ESession & { user: E2EUser };
  let campaignId: string;
  before(async () => {
    hs = await startHubspotServer({
      token: TOKEN,
      contacts: sampleContacts(),
      lists: [
        { listId: "7", name: "Trade show leads", members: ["101", "102", "103", "104", "105", "106"] },
        { listId: "8", name: "Opened the pricing mail", members: ["102"], processingType: "DYNAMIC" },
      ],
    });
    env = await startE2E({ env: { HUBSPOT_BASE_URL: hs.baseUrl } });
    me = await newApiUser(env.baseUrl);
    const res = await fetch(`${env.baseUrl}/api/create_campaign`, {
      method: "POST",
      headers: { authorization: `Bearer ${me.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Trade show follow-up",
        save_as_draft: true,
        campaign_timezone: "America/Los_Angeles",
      }),
    });
    assert.equal(res.status, 201);
    campaignId = ((await res.json()) as { campaign: { id: string } }).campaign.id;
  });
  after(async () => {
    await env?.close();
    await hs?.close();
  });

  const openMapping = async (page: Page) => {
    await page.goto(`/org/${me.slug}/campaign-setup?id=${campaignId}`);
    await page.getByRole("button", { name: "CRM Mapping" }).click();
    await dialogShown(page);
    return page.getByRole("dialog", { name: "Import contacts from HubSpot" });
  };

  test("at 1440 px: unconnected, the dialog links to Settings; a bad token, a good one; a list imported", async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, me.user);
    let dialog = await openMapping(page);
    await dialog.getByText(/HubSpot is not connected/).waitFor();
    await env.screenshot(page, "hubspot-dialog-not-connected-1440");
    await dialog.getByRole("link", { name: "Open Settings → Integrations" }).click();
    await page.waitForURL(/\/settings\/integrations$/);

    const card = page.getByRole("region", { name: "HubSpot (CRM)" });
    await card.getByText("Not connected", { exact: true }).waitFor();
    await card.getByLabel("Private app access token").fill("pat-na1-wrong");
    await card.getByRole("button", { name: "Connect HubSpot" }).click();
    await card.getByText("HubSpot refused this token.").waitFor();
    await card.getByLabel("Private app access token").fill(TOKEN);
    await card.getByRole("button", { name: "Connect HubSpot" }).click();
    await card.getByText("HubSpot account 4242").waitFor();
    await card.getByText(/Token ending …1234/).waitFor();
    const toast = page.getByRole("alert").filter({ hasText: "Connected to HubSpot account 4242." });
    await toast.getByRole("button", { name: "Close" }).click();
    await toast.waitFor({ state: "detached" });
    assert.ok(!(await page.content()).includes(TOKEN), "the token is never shown again");
    await env.screenshot(page, "hubspot-connected-1440");
    await card.getByRole("button", { name: "Test connection" }).click();
    await page.getByText("HubSpot accepted the token.").waitFor();

    dialog = await openMapping(page);
    await dialog.getByText(/An active list is HubSpot's saved filter/).waitFor();
    await dialog.getByLabel("HubSpot list").click();
    // An active list (HubSpot's saved filter) is offered beside the static ones, and says which it is.
    await page.getByRole("option", { name: "Opened the pricing mail · active list (1 contact)" }).waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".MuiPopover-paper")].some((el) => getComputedStyle(el).opacity === "1"),
    );
    await env.screenshot(page, "hubspot-lists-1440");
    await page.getByRole("option", { name: "Trade show leads (6 contacts)" }).click();
    const preview = dialog.getByRole("table", { name: "HubSpot contacts preview" });
    await preview.getByText("Ana Silva").first().waitFor();
    await preview.getByText("No phone: skipped").waitFor();
    await dialog.getByText("{{company}}").first().waitFor();
    await env.screenshot(page, "hubspot-mapping-1440");

    await dialog.getByRole("button", { name: "Import 6 contacts" }).click();
    await dialog.getByText(/Imported 3 contacts from Trade show leads \(6 read, 1 repeated number merged\)/).waitFor();
    await dialog.getByText("HubSpot record 103").waitFor();
    await dialog.getByText('Invalid phone number "12"').waitFor();
    await env.screenshot(page, "hubspot-imported-1440");
    await dialog.getByRole("button", { name: "Done" }).click();
    // The campaign's contact list now holds HubSpot's contacts.
    await page.getByText("HubSpot - Trade show leads.csv").first().waitFor();
    await page.close();
  });

  test("at 390 px: the connected card, and the mapping dialog full screen with its preview", async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    await signIn(page, me.user);
    await openSettingsPage(page, true, "Manage integrations", "integrations", "Integrations");
    await page.getByRole("region", { name: "HubSpot (CRM)" }).getByText("HubSpot account 4242").waitFor();
    await page.getByRole("region", { name: "HubSpot (CRM)" }).scrollIntoViewIfNeeded();
    await env.screenshot(page, "hubspot-connected-390");
    const dialog = await openMapping(page);
    await dialog.getByLabel("HubSpot list").click();
    await page.getByRole("option", { name: "Trade show leads (6 contacts)" }).click();
    const table = dialog.getByRole("table", { name: "HubSpot contacts preview" });
    await table.getByText("Ana Silva").first().waitFor();
    await table.getByText("{{company}}: Acme").first().waitFor();
    // Name, email and variables stack beside the phone: the preview fits without scrolling sideways.
    assert.ok(
      await table.evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth),
      "the preview fits 390 px",
    );
    await env.screenshot(page, "hubspot-mapping-390");
    await page.close();
  });

  for (const width of [1440, 390]) {
    test(`at ${width} px: a qualifying question's answer mapped to a HubSpot contact property`, async () => {
      const auth = { authorization: `Bearer ${me.token}`, "content-type": "application/json" };
      const fields = await fetch(`${env.baseUrl}/api/campaigns/${campaignId}/outcome-fields`, {
        method: "PUT",
        headers: auth,
        body: JSON.stringify({
          fields: [{ name: "Budget per month", type: "amount", question: "What do you spend a month?" }],
        }),
      });
      assert.equal(fields.status, 200);
      const page = await env.newPage({ width, height: width > 600 ? 900 : 844 });
      await signIn(page, me.user);
      await page.goto(`/org/${me.slug}/campaign-setup?id=${campaignId}`);
      const question = page
        .getByRole("region", { name: "Qualifying Questions" })
        .getByLabel("Question 1", { exact: true });
      const property = question.getByLabel("HubSpot property (optional)");
      await property.fill("Monthly Budget");
      await question.getByRole("alert").getByText("Use the property's internal name", { exact: false }).waitFor();
      await property.fill(`monthly_budget_${width}`);
      assert.equal(await question.getByRole("alert").count(), 0);
      await question.scrollIntoViewIfNeeded();
      await env.screenshot(page, `hubspot-answer-property-${width}`);
      await page.getByRole("button", { name: "Update Campaign" }).click();
      await page.getByText("Campaign updated successfully!").waitFor();
      const saved = await fetch(`${env.baseUrl}/api/campaigns/${campaignId}/outcome-fields/crm`, { headers: auth });
      assert.deepEqual(await saved.json(), {
        hubspot: [{ field: "budget_per_month", property: `monthly_budget_${width}` }],
      });
      // Opened again, the question shows the property it is written to.
      await page.reload();
      await page
        .getByRole("region", { name: "Qualifying Questions" })
        .getByLabel("HubSpot property (optional)")
        .and(page.locator(`[value="monthly_budget_${width}"]`))
        .waitFor();
      await page.close();
    });
  }
});
