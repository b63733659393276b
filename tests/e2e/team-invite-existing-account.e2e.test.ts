import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startE2E, type E2E } from "../support/e2e.ts";
import { newApiUser, signIn, type E2ESession, type E2EUser } from "../support/e2e-users.ts";

/** The owner's invitation through the API: its link's path. */
async function invite(env: E2E, owner: E2ESession, email: string, role: "admin" | "member"): Promise<string> {
  const res = await fetch(`${env.baseUrl}/api/team/invitations`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` },
    body: JSON.stringify({ email, role }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { path: string }).path;
}

describe("invitations for an existing account: sign in from the link, join, switch back; wrong account told", () => {
  let env: E2E;
  let owner: E2ESession & { user: E2EUser };
  before(async () => {
    env = await startE2E();
    owner = await newApiUser(env.baseUrl, "Harbor Dental");
  });
  after(() => env?.close());

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    test(`at ${width} px`, async () => {
      const invitee = await newApiUser(env.baseUrl, "Rivera Consulting"); // owns an organisation of their own
      const stranger = await newApiUser(env.baseUrl, "Elsewhere");
      const path = await invite(env, owner, invitee.user.email, "admin");

      // Signed in as someone else: the page says whose invitation it is before anything is tried.
      const page = await env.newPage({ width, height });
      await page.goto("/login");
      await page.getByLabel(/^Email or Username/).fill(stranger.user.username);
      await page.getByLabel(/^Password/).fill(stranger.user.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.goto(path);
      const warning = page.getByRole("alert").filter({
        hasText: `You are signed in as ${stranger.user.email}, but this invitation is for ${invitee.user.email}`,
      });
      await warning.waitFor();
      assert.equal(
        await page.getByRole("button", { name: /^Join / }).count(),
        0,
        "no join button for the wrong account",
      );
      await env.screenshot(page, `team-invite-wrong-account-${width}`);

      // Signing out leaves them on the link, which now offers sign-up or sign-in as the invited email.
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("form", { name: "Create your account" }).waitFor();
      await page.getByRole("link", { name: "Sign in to join with it" }).click();
      await page.waitForURL(/\/login\?next=/);
      await page.getByLabel(/^Email or Username/).fill(invitee.user.username);
      await page.getByLabel(/^Password/).fill(invitee.user.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      // Back on the invitation, as the invited account.
      await page.waitForURL(new RegExp(`${path}$`));
      await page.getByText(`You are signed in as ${invitee.user.email}`).waitFor();
      await env.screenshot(page, `team-invite-signed-in-${width}`);
      await page.getByRole("button", { name: "Join Harbor Dental", exact: false }).click();
      await page.waitForURL(new RegExp(`/org/${owner.slug}/dashboard$`));
      await page.getByTestId("role-label").filter({ hasText: "Admin" }).waitFor();

      // Their own organisation is one click away in the account menu, where they are still the owner.
      await page.getByRole("button", { name: "Account menu" }).click();
      const own = page.getByRole("menuitem", { name: new RegExp(`Switch to ${invitee.user.organization}`) });
      await own.getByText("Owner").waitFor();
      await own.click();
      await page.waitForURL(new RegExp(`/org/${invitee.slug}/dashboard$`));
      await page.getByTestId("role-label").filter({ hasText: "Owner" }).waitFor();

      // The link is spent: opened again it says so.
      await page.goto(path);
      await page.getByText(/has already been used/).waitFor();
    });
  }
});

describe("an owner who makes a second owner and steps down to admin sees it at once", () => {
  let env: E2E;
  before(async () => {
    env = await startE2E();
  });
  after(() => env?.close());

  test("at 1440 px: the header says Admin and Settings has no Team section, without a reload", async () => {
    const owner = await newApiUser(env.baseUrl, "Harbor Dental");
    const partner = await newApiUser(env.baseUrl, "Partner Practice");
    const path = await invite(env, owner, partner.user.email, "member");
    const joined = await fetch(`${env.baseUrl}/api/team/invitations/accept`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${partner.token}` },
      body: JSON.stringify({ token: path.slice("/invite/".length) }),
    });
    assert.equal(joined.status, 200, await joined.clone().text());

    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, owner.user);
    await page.goto(`/org/${owner.slug}/settings`);
    const team = page.getByRole("region", { name: "Team" });
    // The only owner's role cannot be changed; the partner is made an owner first.
    const mine = team.getByRole("listitem").filter({ hasText: owner.user.email });
    const partnerRow = team.getByRole("listitem").filter({ hasText: partner.user.email });
    await mine.getByText("The only owner").waitFor();
    assert.equal(await mine.getByRole("combobox").getAttribute("aria-disabled"), "true");
    await partnerRow.getByRole("combobox").click();
    await page.getByRole("option", { name: "Owner" }).click();
    await page.getByText(/is now Owner\./).waitFor();
    await mine.getByText("The only owner").waitFor({ state: "detached" });
    await mine.getByRole("combobox").click();
    await page.getByRole("option", { name: "Admin" }).click();
    await page.getByTestId("role-label").filter({ hasText: "Admin" }).waitFor();
    await page.getByRole("region", { name: "Team" }).waitFor({ state: "detached" });
    await page.getByText("Only the owner can change the organization settings.").waitFor();
    await env.screenshot(page, "team-owner-stepped-down-1440");
  });
});
