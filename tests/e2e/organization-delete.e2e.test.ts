import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startE2E, type E2E } from "../support/e2e.ts";
import { newApiUser, signIn } from "../support/e2e-users.ts";

describe("leaving and deleting the organisation from Settings", () => {
  let env: E2E;
  before(async () => {
    env = await startE2E();
  });
  after(() => env?.close());

  for (const [width, height, second] of [
    [1440, 900, true],
    [390, 844, false],
  ] as const) {
    test(`at ${width} px, ${second ? "landing in their other org" : "signed out with no other"}`, async () => {
      const owner = await newApiUser(env.baseUrl, "Closing Shop");
      if (second) {
        const res = await fetch(`${env.baseUrl}/api/organizations`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` },
          body: JSON.stringify({ name: `Still Open ${width}` }),
        });
        assert.equal(res.status, 201);
      }
      const page = await env.newPage({ width, height });
      await signIn(page, owner.user);
      await page.goto(`/org/${owner.slug}/settings`);
      const section = page.getByRole("region", { name: "Delete organization" });
      await section.getByRole("button", { name: "Delete organization" }).click();
      const dialog = page.getByRole("dialog", { name: `Delete ${owner.user.organization}?` });
      const confirm = dialog.getByRole("button", { name: "Delete organization" });
      await dialog.getByLabel("Organization name").fill("Closing");
      assert.equal(await confirm.isDisabled(), true, "only the whole name enables it");
      await dialog.getByLabel("Organization name").fill(owner.user.organization);
      await page.waitForFunction(
        () => getComputedStyle(document.querySelector(".MuiDialog-container")!).opacity === "1",
      );
      await env.screenshot(page, `org-delete-dialog-${width}`);
      await confirm.click();
      if (second) {
        await page.waitForURL(/\/org\/still-open-1440[^/]*\/dashboard$/);
        await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
        await page.getByText(`Still Open ${width}`).first().waitFor();
        await env.screenshot(page, `org-delete-landed-${width}`);
      } else {
        await page.waitForURL(/\/login$/);
        // Signing in again is refused with the reason: the account belongs to no organisation now.
        await page.getByLabel(/^Email or Username/).fill(owner.user.username);
        await page.getByLabel(/^Password/).fill(owner.user.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.getByText("Your account does not belong to any organization.").waitFor();
        await env.screenshot(page, `org-delete-signed-out-${width}`);
      }
      const gone = await fetch(`${env.baseUrl}/api/campaigns`, { headers: { authorization: `Bearer ${owner.token}` } });
      assert.equal(gone.status, 401, "the deleted organisation's session is closed");
      await page.context().close();
    });
  }

  for (const [width, height, ownOrg] of [
    [1440, 900, true],
    [390, 844, false],
  ] as const) {
    test(`at ${width} px a member leaves, ${ownOrg ? "landing in their own org" : "signed out"}`, async () => {
      const owner = await newApiUser(env.baseUrl, "Busy Office");
      const call = (path: string, token: string | null, body: unknown) =>
        fetch(`${env.baseUrl}/api${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
      // An existing account joins only an invitation to its own email.
      const own = ownOrg ? await newApiUser(env.baseUrl, "Own Place") : null;
      const email = own?.user.email ?? `leaver.${width}@example.com`;
      const invitation = (await (await call("/team/invitations", owner.token, { email, role: "member" })).json()) as {
        token: string;
      };
      let login: { username: string; password: string };
      if (own) {
        assert.equal((await call("/team/invitations/accept", own.token, { token: invitation.token })).status, 200);
        login = own.user;
      } else {
        login = { username: `leaver_${width}`, password: "a long passphrase" };
        assert.equal(
          (
            await call("/team/invitations/accept", null, {
              token: invitation.token,
              first_name: "Lee",
              last_name: "Ver",
              ...login,
            })
          ).status,
          200,
        );
      }
      const page = await env.newPage({ width, height });
      await signIn(page, login);
      // The member lands in the first organisation they joined; the invited one is switched to if needed.
      await page.goto(`/org/${owner.slug}/settings`);
      if (ownOrg) {
        await page.getByRole("button", { name: "Account menu" }).click();
        await page.getByRole("menuitem", { name: new RegExp(owner.user.organization) }).click();
        await page.waitForURL(new RegExp(`/org/${owner.slug}/dashboard$`));
        await page.goto(`/org/${owner.slug}/settings`);
      }
      const section = page.getByRole("region", { name: "Leave organization" });
      await section.waitFor();
      assert.equal(
        await page.getByRole("region", { name: "Delete organization" }).count(),
        0,
        "only the owner may delete it",
      );
      await section.getByRole("button", { name: "Leave organization" }).click();
      const dialog = page.getByRole("dialog", { name: `Leave ${owner.user.organization}?` });
      await page.waitForFunction(
        () => getComputedStyle(document.querySelector(".MuiDialog-container")!).opacity === "1",
      );
      await env.screenshot(page, `org-leave-dialog-${width}`);
      await dialog.getByRole("button", { name: "Leave organization" }).click();
      if (ownOrg) {
        await page.waitForURL(/\/org\/own-place[^/]*\/dashboard$/);
        await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      } else {
        await page.waitForURL(/\/login$/);
      }
      const team = (await (
        await fetch(`${env.baseUrl}/api/team`, { headers: { authorization: `Bearer ${owner.token}` } })
      ).json()) as { members: unknown[] };
      assert.equal(team.members.length, 1, "the owner's team no longer lists them");
      await page.context().close();
    });
  }
});
