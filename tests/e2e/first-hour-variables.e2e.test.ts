import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { startE2E, type E2E } from "../support/e2e.ts";
import { loginViaApi, registerViaApi, signIn, type E2EUser } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

// A contact variable empty for the first contact (and for the tester of a test call): the greeting is said whole.
const OPENING = "We help software teams like {company} get their file types right.";
const SAID = "We help software teams get their file types right.";
const LEADS =
  "name,phone,company\nAsha Rao,+447911100001,\nVikram Shah,+447911100002,Shah Ltd\nLee Chan,+447911100003,\n";

describe("an empty contact variable is never spoken as a hole", () => {
  let env: E2E;
  let user: E2EUser;
  let slug: string;
  let campaignId: string;
  before(async () => {
    env = await startE2E({
      env: { VOICE_MODE: "live", DIALER: "0" },
      browserArgs: ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"],
    });
    user = await registerViaApi(env.baseUrl);
    const session = await loginViaApi(env.baseUrl, user);
    slug = session.slug;
    const form = new FormData();
    form.set("name", "File types");
    form.set("campaign_timezone", "Europe/London");
    form.set("save_as_draft", "true");
    form.set("faqs", JSON.stringify({ opening_line: OPENING, goal: "Book a demo", faqs: [] }));
    form.set("csv_file", new Blob([LEADS], { type: "text/csv" }), "leads.csv");
    const res = await fetch(`${env.baseUrl}/api/create_campaign`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.token}` },
      body: form,
    });
    const text = await res.text();
    assert.equal(res.status, 201, text);
    campaignId = JSON.parse(text).campaign.id;
  });
  after(() => env?.close());

  // Each flow runs once at 1440 px; the preview is looked at at 390 px on the way (atPhoneWidth).
  test("the preview says the sentence without the hole; setup warns how many lack it", async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, user);
    await page.goto(`/org/${slug}/campaign-setup?id=${campaignId}`);
    const panel = page.getByRole("region", { name: "Greeting Preview" });
    const quote = panel.getByTestId("greeting-preview-text");
    await quote.waitFor();
    const heard = (await quote.innerText()).trim();
    assert.ok(heard.endsWith(SAID), heard);
    assert.doesNotMatch(heard, /like get|\{|\}/);
    const warning = panel.getByTestId("empty-variable-warning");
    await warning.waitFor();
    assert.match(await warning.innerText(), /^\{company\} is empty for 2 of 3 contacts/);
    assert.match(await warning.innerText(), /\{company\|your team\}/);
    await warning.scrollIntoViewIfNeeded();
    await env.screenshot(page, "first-hour-variables-1440");
    await atPhoneWidth(env, page, "first-hour-variables", async () => {
      await warning.scrollIntoViewIfNeeded();
      await quote.getByText(SAID).waitFor();
    });

    await page.context().close();
  });

  test("a new campaign: the file's gaps are counted; a fallback the team writes is said", async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, user);
    await page.goto(`/org/${slug}/campaign-setup`);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-vars-")), "leads.csv");
    fs.writeFileSync(file, LEADS);
    await page.getByTestId("csv-input").setInputFiles(file);
    const opening = page.getByRole("textbox", { name: "Opening line" });
    await opening.fill(OPENING);
    const panel = page.getByRole("region", { name: "Greeting Preview" });
    const warning = panel.getByTestId("empty-variable-warning");
    await warning.waitFor();
    assert.match(await warning.innerText(), /^\{company\} is empty for 2 of 3 contacts/);
    await panel.getByTestId("greeting-preview-text").getByText(SAID).waitFor();

    await opening.fill("We help software teams like {company|yours} get their file types right.");
    await panel.getByText("We help software teams like yours get their file types right.").waitFor();
    await warning.waitFor({ state: "detached" });
    await panel.scrollIntoViewIfNeeded();
    await env.screenshot(page, "first-hour-variables-fallback-1440");
    await atPhoneWidth(env, page, "first-hour-variables-fallback", async () => {
      await panel.scrollIntoViewIfNeeded();
      await panel.getByText("We help software teams like yours get their file types right.").waitFor();
    });
    await page.context().close();
  });

  test("the test call's tester, who has no company, hears the same whole sentence", { timeout: 120_000 }, async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, user);
    await page.goto(`/org/${slug}/campaign-setup?id=${campaignId}`);
    const panel = page.getByRole("region", { name: "Test Call" });
    await panel.getByRole("button", { name: "Test call" }).click();
    const agent = panel.getByRole("log", { name: "Live transcript" }).locator('[data-speaker="agent"]').first();
    await agent.getByText(SAID).waitFor({ timeout: 60_000 });
    assert.doesNotMatch(await agent.innerText(), /like get/);
    await panel.scrollIntoViewIfNeeded();
    await env.screenshot(page, "first-hour-variables-test-call-1440");
    await panel.getByRole("button", { name: "Hang up" }).click();
  });
});
