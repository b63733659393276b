import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { signIn, newApiUser } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

// Issue 35 item 6: the campaign form never loses work. "create one" (a knowledge base) leaves the form and comes
// back to it as it was; a reload keeps it too; the knowledge base page asks for the channel before its file picker.
const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

/** The restored-draft notice is wholly on screen, below the sticky header (not half under it). */
async function assertNoticeInView(page: Page) {
  const notice = page.getByRole("alert").filter({ hasText: "Your campaign is back as you left it." });
  await page.waitForFunction(() => {
    const header = document.querySelector("header")?.getBoundingClientRect();
    const alert = [...document.querySelectorAll('[role="alert"]')].find((e) => e.textContent?.includes("back as"));
    const box = alert?.getBoundingClientRect();
    return header && box && box.top >= header.bottom && box.bottom <= window.innerHeight;
  });
  const start = notice.getByRole("button", { name: "Start over" });
  assert.equal((await start.boundingBox())!.height < 40, true, "Start over stays on one line");
}

describe("first hour: the campaign form keeps its draft", () => {
  let env: E2E;
  before(async () => (env = await startE2E({ env: { DIALER: "0" } })));
  after(() => env.close());

  // One run at 1440 px; the screens whose phone layout matters are looked at at 390 px on the way (atPhoneWidth).
  // Both ways back from the knowledge base page are taken in that one run: "go back now", then an upload.
  test("typed work survives the knowledge base detour, an upload and a reload", async () => {
    const s = await newApiUser(env.baseUrl);
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, s.user);
    await page.goto(`/org/${s.slug}/campaign-setup`);
    await page.getByRole("heading", { name: "Campaign Setup" }).waitFor();
    await field(page, "Campaign Name").fill("Spring roof checks");
    await field(page, "Campaign Description").fill("Homes we quoted last autumn");
    await field(page, "Opening line").fill("Hi {name}, this is Ava from Bright Homes.");
    const toKnowledgeBase = async () => {
      await page.getByRole("link", { name: "create one" }).click();
      await page.getByRole("heading", { name: "Create Knowledge Base" }).waitFor();
      await page.getByText("Your campaign is kept as you left it.").waitFor();
      // Coming from a voice campaign the channel is already chosen, so the picker opens at once.
      await page.getByLabel("Communication channel").getByText("Voice").waitFor();
    };
    const assertRestored = async () => {
      await page.getByText("Your campaign is back as you left it.").waitFor();
      assert.equal(await field(page, "Campaign Name").inputValue(), "Spring roof checks");
      assert.equal(await field(page, "Campaign Description").inputValue(), "Homes we quoted last autumn");
      assert.equal(await field(page, "Opening line").inputValue(), "Hi {name}, this is Ava from Bright Homes.");
      await assertNoticeInView(page);
    };

    await toKnowledgeBase();
    await env.screenshot(page, "first-hour-draft-kb-detour-1440");
    await atPhoneWidth(env, page, "first-hour-draft-kb-detour", async () => {
      await page.getByText("Your campaign is kept as you left it.").waitFor();
      await page.getByRole("link", { name: "go back now" }).waitFor();
    });
    await page.getByRole("link", { name: "go back now" }).click();
    await assertRestored();

    await toKnowledgeBase();
    // Upload a document: the page then leads back to the campaign rather than to the list.
    await page.getByTestId("kb-file-input").setInputFiles({
      name: "roof-faq.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Roof checks take one hour and cost nothing for homes we quoted."),
    });
    await page.getByRole("button", { name: "Upload Documents Now" }).click();
    await page.waitForURL(`**/org/${s.slug}/campaign-setup`);
    await assertRestored();
    await env.screenshot(page, "first-hour-draft-restored-1440");
    await atPhoneWidth(env, page, "first-hour-draft-restored", () => assertNoticeInView(page));

    await page.reload();
    await page.getByText("Your campaign is back as you left it.").waitFor();
    await assertNoticeInView(page);
    await atPhoneWidth(env, page, "first-hour-draft-reloaded", () => assertNoticeInView(page));
    assert.equal(await field(page, "Campaign Name").inputValue(), "Spring roof checks");

    await page.getByRole("button", { name: "Start over" }).click();
    assert.equal(await field(page, "Campaign Name").inputValue(), "");
    await page.reload();
    await page.getByRole("heading", { name: "Campaign Setup" }).waitFor();
    await field(page, "Campaign Name").waitFor();
    assert.equal(
      await page.getByText("Your campaign is back as you left it.").count(),
      0,
      "nothing kept after Start over",
    );
    await page.close();
  });

  test("the knowledge base's file picker waits for the channel", async () => {
    const s = await newApiUser(env.baseUrl);
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, s.user);
    await page.goto(`/org/${s.slug}/create-knowledge-base`);
    await page.getByRole("heading", { name: "Create Knowledge Base" }).waitFor();
    let chooserOpened = false;
    page.on("filechooser", () => {
      chooserOpened = true;
    });
    const zone = page.getByRole("button", { name: "Drop documents here or browse" });
    const warning = page
      .getByRole("alert")
      .filter({ hasText: "Please select a communication channel before uploading documents." });
    await zone.getByText("Choose a communication channel first").waitFor();
    await zone.click();
    await warning.waitFor();
    assert.equal(chooserOpened, false, "no file picker before a channel is chosen");
    await env.screenshot(page, "first-hour-kb-channel-first-1440");
    await atPhoneWidth(env, page, "first-hour-kb-channel-first", async () => {
      await zone.getByText("Choose a communication channel first").waitFor();
      await warning.waitFor();
    });

    await page.getByLabel("Communication channel").click();
    await page.getByRole("option", { name: "Voice" }).click();
    const chooser = page.waitForEvent("filechooser");
    await zone.click();
    await chooser;
    await page.close();
  });
});
