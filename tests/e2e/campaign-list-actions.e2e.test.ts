import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { signIn, newApiUser, type E2EUser } from "../support/e2e-users.ts";

// Issue 24: from the list a row opens its campaign, pauses or resumes it, duplicates it and deletes it,
// at desktop width (icons in the Action column) and on a phone (a menu per card, nothing overflowing).
type Session = { user: E2EUser; token: string; slug: string };

async function create(env: E2E, s: Session, name: string, draft: boolean): Promise<string> {
  const res = await fetch(`${env.baseUrl}/api/create_campaign`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${s.token}` },
    body: JSON.stringify({
      name,
      max_attempts: 2,
      time_gap: 4 * 3600,
      save_as_draft: draft,
      start_immediately: true,
      faqs: { opening_line: "Hi {name}", goal: "Book a visit", faqs: [{ question: "Price?", answer: "From $49" }] },
    }),
  });
  const text = await res.text();
  assert.equal(res.status, 201, text);
  return (JSON.parse(text) as { campaign: { id: string } }).campaign.id;
}

async function campaignsOf(env: E2E, s: Session) {
  const res = await fetch(`${env.baseUrl}/api/campaigns?page_size=50`, {
    headers: { authorization: `Bearer ${s.token}` },
  });
  return (
    (await res.json()) as {
      campaigns: Array<{
        id: string;
        name: string;
        status: string;
        max_attempts: number;
        faqs: unknown;
        contact_count: number;
      }>;
    }
  ).campaigns;
}

const row = (page: Page, name: string) =>
  page
    .getByTestId("campaign-row")
    .filter({ hasText: name })
    .filter({ hasNotText: `${name} (copy)` });
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("campaigns list: open, pause/resume, duplicate, delete", () => {
  let env: E2E;
  // No dialer: statuses change only by what the test does.
  before(async () => (env = await startE2E({ env: { DIALER: "0" } })));
  after(() => env.close());

  test("desktop (1440 px): icons in the Action column", async () => {
    const s = await newApiUser(env.baseUrl);
    await create(env, s, "Harbour Leads", false);
    await create(env, s, "Winter Draft", true);
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, s.user);
    await page.goto(`/org/${s.slug}/campaigns`);

    const active = row(page, "Harbour Leads");
    await active.locator('[data-status="active"]').waitFor();
    assert.equal(
      await row(page, "Winter Draft")
        .getByRole("button", { name: /^(Pause|Resume) / })
        .count(),
      0,
      "a draft has nothing to pause",
    );
    // The draft keeps the pause icon's room: duplicate and delete stand in one column down the list.
    const xOf = async (name: string) => (await page.getByRole("button", { name }).boundingBox())?.x;
    assert.equal(await xOf("Duplicate Winter Draft"), await xOf("Duplicate Harbour Leads"));
    assert.equal(await xOf("Delete Winter Draft"), await xOf("Delete Harbour Leads"));
    await page.getByRole("button", { name: "Pause Harbour Leads" }).click();
    await active.locator('[data-status="paused"]').waitFor();
    await page.getByText("Paused Harbour Leads.").waitFor();
    assert.equal(await page.getByRole("button", { name: "Pause Harbour Leads" }).count(), 0);
    await env.screenshot(page, "campaigns-actions-paused-1440");
    await page.getByRole("button", { name: "Resume Harbour Leads" }).click();
    await active.locator('[data-status="active"]').waitFor();

    await page.getByRole("button", { name: "Duplicate Winter Draft" }).click();
    await page.getByText("Duplicated as “Winter Draft (copy)” (a draft without contacts).").waitFor();
    await page.getByRole("cell", { name: "Winter Draft (copy)", exact: true }).waitFor();
    const all = await campaignsOf(env, s);
    const [original, copy] = ["Winter Draft", "Winter Draft (copy)"].map((n) => all.find((c) => c.name === n)!);
    assert.deepEqual(
      [copy!.status, copy!.max_attempts, copy!.faqs, copy!.contact_count],
      ["draft", original!.max_attempts, original!.faqs, 0],
    );
    await env.screenshot(page, "campaigns-actions-1440");

    await page.getByRole("cell", { name: "Winter Draft (copy)", exact: true }).click();
    await page.waitForURL(new RegExp(`campaign-setup\\?id=${copy!.id}`));
    await page.getByRole("heading", { name: "View Campaign" }).waitFor();
    assert.equal(await page.getByRole("textbox", { name: /Campaign Name/ }).inputValue(), "Winter Draft (copy)");

    await page.goto(`/org/${s.slug}/campaigns`);
    await page.getByRole("button", { name: "Delete Winter Draft (copy)" }).click();
    await page.getByText("Are you sure you want to delete this campaign?").waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    // By test id, not role: while the dialog is open the list is aria-hidden, so a role query finds no cell
    // before anything was deleted (CI once counted 3 campaigns here).
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.getByTestId("campaign-row").filter({ hasText: "Winter Draft (copy)" }).waitFor({ state: "detached" });
    assert.equal((await campaignsOf(env, s)).length, 2);
    await page.context().close();
  });

  test("phone (390 px): cards with a menu, nothing wider than the screen", async () => {
    const s = await newApiUser(env.baseUrl);
    await create(env, s, "Harbour Leads", false);
    await create(env, s, "Winter Draft with a rather long name that has to wrap on a phone", true);
    const page = await env.newPage({ width: 390, height: 844 });
    await signIn(page, s.user);
    await page.goto(`/org/${s.slug}/campaigns`);
    const active = row(page, "Harbour Leads");
    await active.locator('[data-status="active"]').waitFor();
    assert.ok(await noSideways(page), "the list fits 390 px");
    await env.screenshot(page, "campaigns-actions-390");

    await page.getByRole("button", { name: "Actions for Harbour Leads" }).click();
    await page.getByRole("menuitem", { name: "Open" }).waitFor();
    await page.waitForTimeout(400); // the menu's fade-in
    await env.screenshot(page, "campaigns-actions-menu-390");
    await page.getByRole("menuitem", { name: "Pause" }).click();
    await active.locator('[data-status="paused"]').waitFor();
    assert.match(page.url(), /\/campaigns$/, "an action does not open the campaign");
    await page.getByRole("button", { name: "Actions for Harbour Leads" }).click();
    await page.getByRole("menuitem", { name: "Resume" }).click();
    await active.locator('[data-status="active"]').waitFor();

    await page.getByRole("button", { name: "Actions for Harbour Leads" }).click();
    await page.getByRole("menuitem", { name: "Duplicate" }).click();
    await page
      .getByTestId("campaign-row")
      .filter({ hasText: "Harbour Leads (copy)" })
      .locator('[data-status="draft"]')
      .waitFor();
    assert.ok(await noSideways(page), "still fits with the toast and the copy");

    await page.getByRole("button", { name: "Actions for Harbour Leads (copy)" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByText("Are you sure you want to delete this campaign?").waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByTestId("campaign-row").filter({ hasText: "Harbour Leads (copy)" }).waitFor({ state: "detached" });

    await active.getByText("Harbour Leads").click();
    await page.waitForURL(/campaign-setup\?id=/);
    await page.getByRole("heading", { name: "View Campaign" }).waitFor();
    await page.context().close();
  });
});
