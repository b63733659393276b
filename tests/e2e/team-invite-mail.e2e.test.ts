import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startE2E, type E2E } from "../support/e2e.ts";
import { newApiUser, signIn, type E2ESession, type E2EUser } from "../support/e2e-users.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../support/smtp-receiver.ts";
import { until } from "../support/until.ts";

describe("team invitations by email in the browser: the invitee follows the emailed link and lands as member", () => {
  let rx: SmtpReceiver;
  let env: E2E;
  let owner: E2ESession & { user: E2EUser };
  before(async () => {
    rx = await startSmtpReceiver();
    env = await startE2E({ env: { SMTP_URL: rx.url, SMTP_FROM: "Parley <team@harbor.example>" } });
    owner = await newApiUser(env.baseUrl, "Harbor Dental");
  });
  after(async () => {
    await env?.close();
    await rx?.close();
  });

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    test(`at ${width} px`, async () => {
      const email = `lin.${width}@harbor.example`;
      const page = await env.newPage({ width, height });
      await signIn(page, owner.user);
      await page.goto(`/org/${owner.slug}/settings`);
      const team = page.getByRole("region", { name: "Team" });
      await team.getByRole("heading", { name: /Members \(\d+\)/ }).waitFor();
      await team.getByLabel("Email").fill(email);
      await team.getByRole("button", { name: "Invite" }).click();
      const dialog = page.getByRole("dialog", { name: "Invitation link" });
      await dialog.getByText(`Parley is emailing this link to ${email}.`, { exact: false }).waitFor();
      const shown = (await dialog.getByLabel("Invitation link").textContent()) ?? "";
      await page.waitForFunction(
        () => getComputedStyle(document.querySelector(".MuiDialog-container")!).opacity === "1",
      );
      await env.screenshot(page, `team-mail-dialog-${width}`);
      await dialog.getByRole("button", { name: "Done" }).click();

      // The email arrives at the invitee with the same link; the pending invitation says it was emailed.
      await until(async () => rx.received.some((m) => m.envelopeTo.includes(email)), {
        ms: 15_000,
        what: "the invitation email",
      });
      const mail = rx.received.find((m) => m.envelopeTo.includes(email))!.mail;
      assert.equal(mail.subject, `Sam Rivera invited you to join ${owner.user.organization} on Parley`);
      const link = (mail.text ?? "").match(/http:\/\/\S+/)?.[0] ?? "";
      assert.equal(link, shown);
      const pending = team.getByRole("listitem", { name: email });
      await page.reload();
      await pending.getByText(/^Emailed /).waitFor();
      await pending.evaluate((el) => el.scrollIntoView({ block: "center" }));
      await env.screenshot(page, `team-mail-pending-${width}`);

      // A fresh browser follows the emailed link, signs up and lands in the organisation as a member.
      const invitee = await env.newPage({ width, height });
      await invitee.goto(link);
      await invitee.getByRole("heading", { name: "Join Harbor Dental" }).waitFor();
      const form = invitee.getByRole("form", { name: "Create your account" });
      await form.getByLabel(/^First name/).fill("Lin");
      await form.getByLabel(/^Last name/).fill("Mail");
      await form.getByLabel(/^Username/).fill(`lin_${width}`);
      await form.getByLabel(/^Password/).fill("a long passphrase");
      await form.getByRole("button", { name: "Create account and join" }).click();
      await invitee.waitForURL(new RegExp(`/org/${owner.slug}/dashboard$`));
      await invitee.getByTestId("role-label").filter({ hasText: "Member" }).waitFor();
      await invitee.getByRole("button", { name: "Account menu" }).click();
      await invitee.getByRole("menuitem", { name: "Profile" }).waitFor();
      assert.equal(await invitee.getByRole("menuitem", { name: "Settings" }).count(), 0, "a member finds no Settings");
      await invitee.context().close();
      await page.context().close();
    });
  }
});
