import type { Page } from "playwright-core";

/** The two screen sizes every Settings browser test looks at. */
export const SETTINGS_SIZES = [
  { name: "1440", width: 1440, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;

/** Settings as a user reaches it: from the account menu on a desktop, from the drawer on a phone. */
export async function openSettings(page: Page, mobile: boolean): Promise<void> {
  if (mobile) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Settings" }).click();
  } else {
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
  }
  await page.waitForURL(/\/settings$/);
  await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
}

/** Settings → one of its "Manage …" pages (API keys, webhooks). */
export async function openSettingsPage(
  page: Page,
  mobile: boolean,
  link: string,
  path: string,
  heading: string,
): Promise<void> {
  await openSettings(page, mobile);
  await page.getByRole("link", { name: link }).click();
  await page.waitForURL(new RegExp(`/settings/${path}$`));
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
}
