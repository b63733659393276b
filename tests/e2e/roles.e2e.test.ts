import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { newApiUser, signIn, type E2ESession } from "../support/e2e-users.ts";
import { insertTeamMember, type TeamMemberLogin } from "../support/team-members.ts";
import { insertCampaign } from "../support/seed.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

const skip = await postgresSkipReason();

/** The API as the signed-in page calls it: with the access token the web app keeps in localStorage. */
const fromPage = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${localStorage.getItem("authToken")}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );

describe("roles in the browser: a member sees what they may do, and the server refuses the rest", {
  skip: skip ?? false,
}, () => {
  let env: E2EOnPostgres;
  let owner: E2ESession;
  let member: TeamMemberLogin;
  before(async () => {
    env = await startE2EOnPostgres();
    owner = await newApiUser(env.baseUrl, "Harbor Dental");
    member = await insertTeamMember(env.db, owner.orgId, "member");
    // Something to run and something on the do-not-call list, so the rows' buttons show (or do not).
    await insertCampaign(env.db, owner.orgId, { name: "Spring recall", status: "active" });
    const dnc = await fetch(`${env.baseUrl}/api/dnc`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
      body: JSON.stringify({ phone: "+14155550100", reason: "Asked not to be called" }),
    });
    assert.equal(dnc.status, 201);
  });
  after(() => env?.close());

  // The steps are the same on a phone but for the campaign row's actions (a menu there): one run at 1440 px, each
  // screen looked at on a 390 px one too.
  test("a member (1440, 390 px): header says Member; no Settings, campaign edits, KB upload, DNC edits", async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, member);
    await page.getByTestId("role-label").filter({ hasText: "Member" }).waitFor();

    await page.goto(`/org/${owner.slug}/campaigns`);
    await page.getByRole("heading", { name: "Campaigns", level: 1 }).waitFor();
    await page.getByText("Spring recall").first().waitFor();
    assert.equal(await page.getByRole("button", { name: "Create a Campaign" }).count(), 0);
    // Running is a member's job: pause stays, duplicate and delete go.
    await page.getByRole("button", { name: "Pause Spring recall" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Duplicate Spring recall" }).count(), 0);
    assert.equal(await page.getByRole("button", { name: "Delete Spring recall" }).count(), 0);
    const menu = page.getByRole("navigation", { name: "Main menu" }).first();
    await menu.getByRole("link", { name: "Organizations" }).waitFor();
    assert.equal(await menu.getByRole("link", { name: "Settings" }).count(), 0);
    await env.screenshot(page, "roles-member-campaigns-1440");
    // A phone folds the row's actions into a menu: the same ones there.
    await atPhoneWidth(env, page, "roles-member-campaigns", async () => {
      assert.equal(await page.getByRole("button", { name: "Create a Campaign" }).count(), 0);
      await page.getByRole("button", { name: "Actions for Spring recall" }).click();
      await page.getByRole("menuitem", { name: "Pause" }).waitFor();
      assert.equal(await page.getByRole("menuitem", { name: "Delete" }).count(), 0);
      assert.equal(await page.getByRole("menuitem", { name: "Duplicate" }).count(), 0);
      await page.keyboard.press("Escape");
      await page.getByRole("menuitem", { name: "Pause" }).waitFor({ state: "detached" });
    });

    // The account menu offers the member's own profile, not the organisation's settings.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Profile" }).waitFor();
    assert.equal(await page.getByRole("menuitem", { name: "Settings" }).count(), 0);
    await page.keyboard.press("Escape");

    await page.goto(`/org/${owner.slug}/campaign-setup`);
    await page.getByText("Your role (member) cannot change campaigns. Ask an admin or the owner.").waitFor();

    // A campaign opened to watch has no Update button; the knowledge-base form typed by address says who may.
    const [spring] = await env.db.query<{ id: string }>(
      "select id from campaigns where org_id = $1 and name = 'Spring recall'",
      [owner.orgId],
    );
    await page.goto(`/org/${owner.slug}/campaign-setup?id=${spring!.id}`);
    await page.getByRole("heading", { name: "View Campaign" }).waitFor();
    await page.getByRole("textbox", { name: /Campaign Name/ }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Update Campaign" }).count(), 0);
    await page.goto(`/org/${owner.slug}/create-knowledge-base`);
    await page.getByText("Your role (member) cannot change the knowledge base. Ask an admin or the owner.").waitFor();

    await page.goto(`/org/${owner.slug}/knowledge-base`);
    await page.getByRole("heading", { name: "Knowledge Base", level: 1 }).waitFor();
    assert.equal(await page.getByRole("button", { name: /Create Knowledge base/ }).count(), 0);

    await page.goto(`/org/${owner.slug}/do-not-call`);
    await page.getByText("+1 415 555 0100").first().waitFor();
    assert.equal(await page.getByRole("button", { name: "Add number" }).count(), 0);
    assert.equal(await page.getByRole("button", { name: "Import CSV" }).count(), 0);
    assert.equal(await page.getByRole("button", { name: "Remove +1 415 555 0100" }).count(), 0);
    await env.screenshot(page, "roles-member-dnc-1440");
    await atPhoneWidth(env, page, "roles-member-dnc", async () => {
      await page.getByText("+1 415 555 0100").filter({ visible: true }).first().waitFor();
      for (const name of ["Add number", "Import CSV", "Remove +1 415 555 0100"])
        assert.equal(await page.getByRole("button", { name }).count(), 0, name);
    });

    // The calendar's subscription address is an integration: a member sees no Create or Revoke, and whom to ask.
    await page.goto(`/org/${owner.slug}/calendar`);
    await page.getByRole("button", { name: "Subscribe" }).click();
    const feed = page.getByRole("dialog", { name: /Subscribe in Google Calendar/ });
    await feed.getByText("Only an admin or the owner can create or revoke the address: ask them for it.").waitFor();
    await feed.getByText("No feed URL yet.").waitFor();
    assert.equal(await feed.getByRole("button", { name: /Create/ }).count(), 0);
    await feed.getByRole("button", { name: "Close" }).click();

    // Settings typed by address: only their own account, and leaving; nothing of the organisation or the team.
    await page.goto(`/org/${owner.slug}/settings`);
    await page.getByText("Your own account").waitFor();
    for (const name of ["Organization", "Team", "Integrations", "API keys", "Delete organization"]) {
      assert.equal(await page.getByRole("heading", { name, exact: true }).count(), 0, name);
    }
    await page.getByRole("heading", { name: "Leave organization", exact: true }).waitFor();
    await env.screenshot(page, "roles-member-settings-1440");
    await atPhoneWidth(env, page, "roles-member-settings", async () => {
      assert.ok(await page.getByText("Your own account").isVisible());
      for (const name of ["Organization", "Team", "Integrations", "API keys", "Delete organization"])
        assert.equal(await page.getByRole("heading", { name, exact: true }).count(), 0, name);
    });

    const refused = await fromPage(page, "POST", "/dnc", { phone: "+14155550199" });
    assert.equal(refused.status, 403);
    assert.equal(
      refused.body.error.message,
      "Your role (member) cannot change the do-not-call list. Ask an admin or the owner.",
    );
    assert.equal((await fromPage(page, "DELETE", `/campaigns/${crypto.randomUUID()}`)).status, 403);
  });

  test("an admin's header says Admin; Settings shows the org read-only and integrations, not the team", async () => {
    const admin = await insertTeamMember(env.db, owner.orgId, "admin");
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, admin);
    await page.getByTestId("role-label").filter({ hasText: "Admin" }).waitFor();
    await page.goto(`/org/${owner.slug}/settings`);
    await page.getByText("Only the owner can change the organization settings.").waitFor();
    await page.getByRole("heading", { name: "Integrations", exact: true }).waitFor();
    assert.equal(await page.getByRole("heading", { name: "Team", exact: true }).count(), 0);
    assert.equal(await page.getByRole("heading", { name: "Delete organization", exact: true }).count(), 0);
    assert.equal(await page.getByRole("button", { name: "Save organization" }).count(), 0);
    await env.screenshot(page, "roles-admin-settings-1440");
    const team = await fromPage(page, "GET", "/team");
    assert.equal(team.status, 403);
    assert.equal(team.body.error.message, "Your role (admin) cannot manage the team. Ask the owner.");
    await page.goto(`/org/${owner.slug}/campaigns`);
    await page.getByRole("button", { name: "Create a Campaign" }).waitFor();
  });

  test("the owner's header says Owner, and Settings and campaign create are there", async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, owner.user);
    await page.getByTestId("role-label").filter({ hasText: "Owner" }).waitFor();
    await page.getByRole("navigation", { name: "Main menu" }).first().getByRole("link", { name: "Settings" }).waitFor();
    await page.goto(`/org/${owner.slug}/campaigns`);
    await page.getByRole("button", { name: "Create a Campaign" }).waitFor();
    await page.getByRole("button", { name: "Delete Spring recall" }).waitFor();
    await env.screenshot(page, "roles-owner-campaigns-1440");
  });
});
