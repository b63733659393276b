import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { TESTIMONIALS } from "../../apps/web/src/features/landing/testimonials-content.ts";
import { until } from "../support/until.ts";

const SECTIONS = ["features", "industries", "use-cases", "testimonials", "request-demo"];
const INDUSTRY_TABS = ["Real Estate", "Healthcare", "Insurance", "Lending", "Travel", "E-commerce"];
const WHITE = "rgb(255, 255, 255)";
const AUTHORS = TESTIMONIALS.map((t) => t.author);

async function openLanding(env: E2E, width = 1280): Promise<Page> {
  const page = await env.newPage({ width, height: 800 });
  await page.goto("/");
  await page.locator("#features").waitFor();
  return page;
}

/** Resolves once the page has not scrolled for a few frames (the sections link scrolls smoothly). */
async function scrollSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { lastY?: number; still?: number };
      w.still = w.lastY === window.scrollY ? (w.still ?? 0) + 1 : 0;
      w.lastY = window.scrollY;
      return w.still >= 5;
    },
    undefined,
    { polling: "raf" },
  );
}

const headerBackground = (page: Page) => page.locator("header").evaluate((el) => getComputedStyle(el).backgroundColor);

async function scrollTo(page: Page, top: number): Promise<void> {
  // "instant" overrides the page's smooth scrolling so the position is exact at once.
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top);
}

/** The carousel updates on click; wait until the visible slide shows `author`. */
async function expectActiveAuthor(page: Page, author: string): Promise<void> {
  await page.waitForFunction(
    (name) =>
      document.querySelector('[data-testid="testimonial-active"] [data-testid="testimonial-author"]')?.textContent ===
      name,
    author,
    { timeout: 5_000 },
  );
  assert.equal(await page.getByTestId("testimonial-active").count(), 1, "exactly one visible testimonial");
}

describe("landing page", () => {
  let env: E2E;
  before(async () => {
    env = await startE2E();
  });
  after(() => env.close());

  test("has every section anchor, linked from the header", async () => {
    const page = await openLanding(env);
    for (const id of SECTIONS) assert.equal(await page.locator(`#${id}`).count(), 1, `#${id}`);
    const nav = page.getByRole("navigation", { name: "Sections" });
    for (const id of ["features", "industries", "use-cases", "testimonials"]) {
      assert.equal(await nav.locator(`a[href="#${id}"]`).count(), 1, `header link to #${id}`);
    }
    await page.getByRole("heading", { level: 1 }).waitFor();
    assert.ok(await page.getByText("Free 14-day trial · No credit card required").first().isVisible());
    assert.equal(await page.locator("#features li").count(), 8, "eight feature cards");
    assert.equal(await page.locator("#use-cases h3").count(), 3, "three use-case cards");
    // Every footer link leads somewhere real (issue 35): a section here, the API reference or sign-in; none to "#".
    const hrefs = await page.locator("footer a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    assert.ok(hrefs.length >= 8, String(hrefs));
    for (const href of hrefs) assert.ok(href && href !== "#", `footer link to ${href}`);
    assert.ok(hrefs.includes("/api/docs"), "the documentation link opens the API reference");
    await env.screenshot(page, "landing-1280");
    await page.context().close();
  });

  test("header turns white with a shadow only after scrolling more than 10 px", async () => {
    const page = await openLanding(env);
    assert.notEqual(await headerBackground(page), WHITE, "transparent over the hero");
    await scrollTo(page, 5);
    await page.waitForTimeout(400);
    assert.notEqual(await headerBackground(page), WHITE, "still transparent within the threshold");
    await scrollTo(page, 400);
    await page.waitForFunction(
      (white) => getComputedStyle(document.querySelector("header")!).backgroundColor === white,
      WHITE,
    );
    assert.notEqual(await page.locator("header").evaluate((el) => getComputedStyle(el).boxShadow), "none");
    await env.screenshot(page, "landing-1280-scrolled");
    await scrollTo(page, 0);
    await page.waitForFunction(
      (white) => getComputedStyle(document.querySelector("header")!).backgroundColor !== white,
      WHITE,
    );
    await page.context().close();
  });

  test("testimonial carousel wraps at both ends and dots select a slide", async () => {
    assert.ok(AUTHORS.length >= 4, "at least four testimonials");
    const page = await openLanding(env);
    await page.locator("#testimonials").scrollIntoViewIfNeeded();
    const first = AUTHORS[0]!;
    const last = AUTHORS[AUTHORS.length - 1]!;
    await expectActiveAuthor(page, first);
    const active = page.getByTestId("testimonial-active");
    assert.ok(await active.getByRole("img", { name: "Rated 5 out of 5" }).isVisible(), "5 of 5 rating");

    await page.getByRole("button", { name: "Previous testimonial" }).click();
    await expectActiveAuthor(page, last);
    await page.getByRole("button", { name: "Next testimonial" }).click();
    await expectActiveAuthor(page, first);

    await page.getByRole("button", { name: `Go to testimonial ${AUTHORS.length}`, exact: true }).click();
    await expectActiveAuthor(page, last);
    await page.getByRole("button", { name: "Next testimonial" }).click();
    await expectActiveAuthor(page, first);

    const second = page.getByRole("button", { name: "Go to testimonial 2", exact: true });
    await second.click();
    await expectActiveAuthor(page, AUTHORS[1]!);
    assert.equal(await second.getAttribute("aria-current"), "true");
    await page.context().close();
  });

  test("industry tabs switch the description, statistics and illustration", async () => {
    const page = await openLanding(env);
    const tabs = page.getByRole("tab");
    assert.deepEqual(await tabs.allTextContents(), INDUSTRY_TABS);
    const panel = page.getByRole("tabpanel");
    assert.equal(await panel.getAttribute("aria-labelledby"), "industry-tab-real-estate");
    const before = await panel.innerText();

    for (const [label, id] of [
      ["Healthcare", "healthcare"],
      ["E-commerce", "e-commerce"],
    ] as const) {
      const tab = page.getByRole("tab", { name: label });
      await tab.click();
      assert.equal(await tab.getAttribute("aria-selected"), "true");
      assert.equal(await panel.getAttribute("aria-labelledby"), `industry-tab-${id}`);
      assert.ok(await panel.getByRole("img", { name: new RegExp(`^${label} illustration`) }).isVisible());
      assert.equal(await panel.locator("dd").count(), 3, "three impact statistics");
      assert.notEqual(await panel.innerText(), before);
    }
    await page.context().close();
  });

  test("Get Started goes to /login", async () => {
    const page = await openLanding(env);
    const hrefs = await page
      .getByRole("link", { name: "Get Started" })
      .evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    assert.ok(hrefs.length >= 3, "header, hero and call-to-action");
    assert.ok(
      hrefs.every((h) => h === "/login"),
      hrefs.join(", "),
    );
    await page.locator("#top").getByRole("link", { name: "Get Started" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.context().close();
  });

  test("Watch Demo explains the flow and the demo form confirms without a request", async () => {
    const page = await openLanding(env);
    await page.getByRole("button", { name: "Watch Demo" }).click();
    const dialog = page.getByRole("dialog", { name: "How Parley works" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Request a live demo" }).click();
    await dialog.waitFor({ state: "hidden" });

    const requests: string[] = [];
    page.on("request", (r) => requests.push(`${r.method()} ${r.url()}`));
    const form = page.getByRole("form", { name: "Request a demo" });
    await form.getByLabel("Full Name").fill("Ada Lovelace");
    await form.getByLabel("Work Email").fill("ada@example.com");
    await form.getByLabel("Company").fill("Analytical Engines");
    await form.getByRole("combobox", { name: "Industry" }).click();
    await page.getByRole("option", { name: "Healthcare" }).click();
    await form.getByRole("button", { name: "Request Demo" }).click();
    const status = page.getByRole("status").filter({ hasText: "will be in touch" });
    await status.waitFor();
    assert.match(await status.innerText(), /Ada.*ada@example\.com/s);
    assert.deepEqual(requests, [], "the demo request goes nowhere");
    await page.context().close();
  });

  test("at 390 px the mobile menu opens with visible links and nothing overflows", async () => {
    const page = await openLanding(env, 390);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), "no horizontal scroll");
    assert.equal(await page.getByRole("navigation", { name: "Sections" }).isVisible(), false, "desktop nav hidden");
    await env.screenshot(page, "landing-390");

    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile sections" });
    for (const label of ["Features", "Industries", "Use Cases", "Testimonials"]) {
      await menu.getByRole("link", { name: label }).waitFor({ state: "visible" });
    }
    assert.ok(await menu.getByRole("link", { name: "Get Started" }).isVisible());
    await page.locator("#landing-mobile-menu.MuiCollapse-entered").waitFor(); // let the opening animation finish
    await env.screenshot(page, "landing-390-menu");

    await menu.getByRole("link", { name: "Testimonials" }).click();
    await menu.waitFor({ state: "detached" });
    assert.equal(await page.evaluate(() => location.hash), "#testimonials");

    // The industry tabs scroll sideways instead of squeezing.
    const scroller = page.locator("#industries .MuiTabs-scroller");
    assert.ok(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth), "tabs overflow their strip");
    // The page scrolls smoothly, also when Playwright brings the tab into view for its click: a click during
    // that scroll lands wherever the tab was a moment before. So the tab is brought into view at once first.
    const travel = page.getByRole("tab", { name: "Travel" });
    await travel.evaluate((el) => el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" }));
    await scrollSettled(page);
    // A tap during a scroll still in flight lands beside the tab: tap again until the tab is selected (the tab strip
    // animates its own scroll, slowly on a loaded machine: a full run here once needed more than 10 s).
    await until(
      async () =>
        (await travel.getAttribute("aria-selected")) === "true" ||
        (await travel.click({ timeout: 3_000 }).catch(() => undefined), false),
      {
        ms: 30_000,
        everyMs: 300,
        what: "the Travel tab selected",
      },
    );
    await page.locator('[role="tabpanel"][aria-labelledby="industry-tab-travel"]').waitFor();
    await page.context().close();
  });
});
