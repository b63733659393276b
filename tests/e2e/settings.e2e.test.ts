import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { registerViaApi, signIn, loginViaApi, type E2EUser } from "../support/e2e-users.ts";
import { openSettings } from "../support/e2e-settings.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

const NEW_PASSWORD = "an even stronger password";

async function apiGet(env: E2E, user: E2EUser, password: string, path: string): Promise<Record<string, unknown>> {
  const { token } = await loginViaApi(env.baseUrl, { username: user.username, password });
  return (await (
    await fetch(`${env.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Record<string, unknown>;
}

async function saveOrganization(page: Page): Promise<void> {
  const org = page.getByRole("form", { name: "Organization settings" });
  await org.getByLabel(/^Organization name/).fill("");
  await org.getByRole("button", { name: "Save organization" }).click();
  await org.getByText("Organization name is required.").waitFor();
  await org.getByLabel(/^Organization name/).fill("Bright Homes West");
  await org.getByLabel("Agent's name").fill("Maya");
  await org.getByLabel("Company name (as spoken)").fill("Bright Realty");
  await org.getByLabel("Default timezone").fill("Europe/Berl");
  await page.getByRole("option", { name: "Europe/Berlin" }).click();
  await org.getByLabel("Business hours start").click();
  await page.getByRole("option", { name: "17:00" }).click();
  await org.getByRole("button", { name: "Save organization" }).click();
  await org.getByText("Business hours end time must differ from the start time.").waitFor();
  await org.getByLabel("Business hours start").click();
  await page.getByRole("option", { name: "08:30" }).click();
  await org.getByLabel("Default voice").click();
  await page.getByRole("option").nth(1).click(); // the first real voice, after "Server default"
  await org.getByRole("button", { name: "Save organization" }).click();
  await page.getByText("Organization settings saved.").waitFor();
}

async function changePassword(page: Page, user: E2EUser): Promise<void> {
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel(/^Current password/).fill("not my password");
  await form.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await form.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Change password" }).click();
  await form.getByText("Your current password is not correct.").waitFor();
  assert.match(page.url(), /\/settings$/, "a wrong current password does not sign the user out");
  await form.getByLabel(/^Current password/).fill(user.password);
  await form.getByRole("button", { name: "Change password" }).click();
  await page.getByText("Password changed.").waitFor();
  assert.equal(await form.getByLabel(/^Current password/).inputValue(), "", "the fields clear after a change");
}

describe("settings screen", () => {
  let env: E2E;
  before(async () => {
    env = await startE2E();
  });
  after(() => env.close());

  // The steps are the same on a phone but for the way in (the drawer): one run at 1440 px, the phone's way in and
  // the screens looked at on a 390 px screen too.
  test("organization defaults, profile and password change at 1440 px (and 390 px)", async () => {
    const user = await registerViaApi(env.baseUrl);
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, user);
    await atPhoneWidth(env, page, "settings", () => openSettings(page, true));
    await page.goBack();
    await page.waitForURL(/\/dashboard$/);
    await openSettings(page, false);
    await env.screenshot(page, "settings-1440");

    await saveOrganization(page);
    await page.reload();
    const org = page.getByRole("form", { name: "Organization settings" });
    assert.equal(await org.getByLabel("Agent's name").inputValue(), "Maya", "saved values come back after a reload");
    assert.equal(await org.getByLabel("Default timezone").inputValue(), "Europe/Berlin");
    await page.getByText("Bright Homes West").first().waitFor(); // the header shows the new name

    const profile = page.getByRole("form", { name: "Profile" });
    await profile.getByLabel(/^Email/).fill("not-an-email");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await profile.getByText("Please enter a valid email address.").waitFor();
    await profile.getByLabel(/^Email/).fill(`new.${user.email}`);
    await profile.getByLabel(/^First name/).fill("Samantha");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Profile saved.").waitFor();

    await changePassword(page, user);
    await page.getByRole("form", { name: "Change password" }).scrollIntoViewIfNeeded();
    await env.screenshot(page, "settings-saved-1440");
    await atPhoneWidth(env, page, "settings-saved", async () => {
      const form = page.getByRole("form", { name: "Change password" });
      await form.scrollIntoViewIfNeeded();
      assert.ok(await form.getByRole("button", { name: "Change password" }).isVisible());
    });

    const settings = (await apiGet(env, user, NEW_PASSWORD, "/settings/organization")).settings as Record<
      string,
      unknown
    >;
    assert.deepEqual(
      [
        settings.name,
        settings.agent_name,
        settings.company_name,
        settings.timezone,
        settings.business_hours_start,
        settings.business_hours_end,
      ],
      ["Bright Homes West", "Maya", "Bright Realty", "Europe/Berlin", "08:30", "17:00"],
    );
    assert.ok(typeof settings.default_voice_id === "string" && settings.default_voice_id.length > 0);
    const me = (await apiGet(env, user, NEW_PASSWORD, "/settings/profile")).profile as Record<string, unknown>;
    assert.deepEqual([me.first_name, me.email], ["Samantha", `new.${user.email}`]);
    await page.context().close();
  });
});
