import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { E2E } from "./e2e.ts";

export const PHONE = { width: 390, height: 844 } as const;

/** True when nothing on the page is wider than the screen (no sideways scroll). */
export const fitsTheWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * The screen the page shows now, looked at on a phone (390 × 844): it fits the width, `check` holds there, and a
 * screenshot `<name>-390` is taken; then the page goes back to its size. A flow whose steps are the same at both
 * widths runs once at 1440 px and calls this where the 390 px screen matters: a second run of the whole flow
 * cost as much again (a page load is ~0.4 s of the browser's CPU) and tested nothing the layout check does not.
 */
export async function atPhoneWidth(env: E2E, page: Page, name: string, check?: () => Promise<void>): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  try {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.ok(await fitsTheWidth(page), `${name}: nothing runs past a 390 px screen`);
    await check?.();
    await env.screenshot(page, `${name}-390`);
  } finally {
    if (size) await page.setViewportSize(size);
  }
}
