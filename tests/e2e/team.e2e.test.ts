import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startE2E, type E2E } from "../support/e2e.ts";
import { newApiUser, signIn, type E2ESession, type E2EUser } from "../support/e2e-users.ts";

describe("team invitations in the browser: the owner invites, the invitee signs up by link, lands as member", () => {
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
      const email = `grace.${width}@harbor.example`;
      const page = await env.newPage({ width, height });
      await signIn(page, owner.user);
      await page.goto(`/org/${owner.slug}/settings`);
      const team = page.getByRole("region", { name: "Team" });
      const showTeam = () => team.evaluate((el) => el.scrollIntoView({ block: "start" }));
      await team.getByRole("heading", { name: /Members \(\d+\)/ }).waitFor();
      await team.getByLabel("Email").fill(email);
      await team.getByRole("button", { name: "Invite" }).click();
      const dialog = page.getByRole("dialog", { name: "Invitation link" });
      await dialog.getByText("Copy the link and send it to them").waitFor();
      const link = (await dialog.getByLabel("Invitation link").textContent()) ?? "";
      assert.match(link, new RegExp(`^${env.baseUrl}/invite/[A-Za-z0-9_-]{40,}$`));
      // The dialog fades in: the picture is taken once it is fully shown.
      await page.waitForFunction(
        () => getComputedStyle(document.querySelector(".MuiDialog-container")!).opacity === "1",
      );
      await env.screenshot(page, `team-invite-link-${width}`);
      await dialog.getByRole("button", { name: "Done" }).click();
      await team.getByRole("listitem", { name: email }).waitFor();
      await showTeam();
      await env.screenshot(page, `team-settings-pending-${width}`);

      // The invitee opens the link in a browser of their own.
      const invitee = await env.newPage({ width, height });
      await invitee.goto(new URL(link).pathname);
      await invitee.getByRole("heading", { name: "Join Harbor Dental" }).waitFor();
      await invitee.getByText("You are invited as Member").waitFor();
      const form = invitee.getByRole("form", { name: "Create your account" });
      await form.getByLabel(/^First name/).fill("Grace");
      await form.getByLabel(/^Last name/).fill("Hopper");
      await form.getByLabel(/^Username/).fill(`grace_${width}`);
      await form.getByLabel(/^Password/).fill("short");
      await form.getByRole("button", { name: "Create account and join" }).click();
      await form.getByText("Password must be at least 8 characters.").waitFor();
      await form.getByLabel(/^Password/).fill("cobol forever 1959");
      await env.screenshot(invitee, `team-invite-page-${width}`);
      await form.getByRole("button", { name: "Create account and join" }).click();
      await invitee.waitForURL(new RegExp(`/org/${owner.slug}/dashboard$`));
      await invitee.getByTestId("role-label").filter({ hasText: "Member" }).waitFor();
      await invitee.getByRole("button", { name: "Account menu" }).click();
      await invitee.getByRole("menuitem", { name: "Profile" }).waitFor();
      assert.equal(await invitee.getByRole("menuitem", { name: "Settings" }).count(), 0);
      await invitee.keyboard.press("Escape");
      if (width > 900)
        assert.equal(
          await invitee
            .getByRole("navigation", { name: "Main menu" })
            .first()
            .getByRole("link", { name: "Settings" })
            .count(),
          0,
        );
      await env.screenshot(invitee, `team-invitee-dashboard-${width}`);

      // The owner's list now has them as a member, and the invitation is no longer pending.
      await page.reload();
      await team.getByRole("listitem", { name: "Grace Hopper" }).first().waitFor();
      assert.equal(await team.getByRole("listitem", { name: email }).count(), 0);
      await showTeam();
      await env.screenshot(page, `team-settings-members-${width}`);
    });
  }
});
