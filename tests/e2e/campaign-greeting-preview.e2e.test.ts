import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { registerViaApi, signIn, loginViaApi } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

// Issue 24: the campaign setup screen shows the exact greeting the list's first contact will hear, and plays it:
// a saved campaign's, and a new one's from the opening line being typed and the file just chosen.
const TYPED = "Hi {name}, this is Sam from Bright Dental. Is {company} still looking for help?";

/** Play gives a real clip (a blob longer than a second, no media error), and the page never scrolls sideways. */
async function playsTheGreeting(page: Page, panel: Locator): Promise<void> {
  await panel.getByRole("button", { name: /Play greeting/ }).click();
  await panel.getByRole("button", { name: /Stop/ }).waitFor({ timeout: 60_000 });
  const audio = await panel
    .getByTestId("greeting-audio")
    .evaluate((el: HTMLAudioElement) => ({ src: el.src, error: el.error?.code ?? null, duration: el.duration }));
  assert.match(audio.src, /^blob:/);
  assert.equal(audio.error, null);
  assert.ok(audio.duration > 1, `the clip lasts ${audio.duration} s`);
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    "the page does not scroll sideways",
  );
}

describe("campaign setup: greeting preview", () => {
  let env: E2E;
  let user: Awaited<ReturnType<typeof registerViaApi>>;
  let slug: string;
  let campaignId: string;
  let expected: { text: string; contact_name: string };
  let auth: { authorization: string };
  let typedExpected: string;
  /** One signed-in page for both screens; each looked at on a 390 px screen too (the steps are the same there). */
  let page: Page;
  /** The server's greeting for a draft line and contact: what the screen must show. */
  const draftText = async (opening_line: string, contact: unknown) => {
    const res = await fetch(`${env.baseUrl}/api/campaigns/greeting-preview`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ opening_line, contact }),
    });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    return body.text as string;
  };

  before(async () => {
    env = await startE2E();
    user = await registerViaApi(env.baseUrl);
    const session = await loginViaApi(env.baseUrl, user);
    slug = session.slug;
    auth = { authorization: `Bearer ${session.token}` };
    const form = new FormData();
    form.set("name", "Greeting Check");
    form.set("campaign_timezone", "Europe/London");
    form.set("save_as_draft", "true");
    form.set(
      "faqs",
      JSON.stringify({ opening_line: "I'm calling {{company}} about faster support.", goal: "Book a demo", faqs: [] }),
    );
    form.set(
      "csv_file",
      new Blob(["name,phone,company\nAsha Rao,+447911100001,Rao Textiles\nVikram Shah,+447911100002,Shah Ltd\n"], {
        type: "text/csv",
      }),
      "leads.csv",
    );
    const res = await fetch(`${env.baseUrl}/api/create_campaign`, { method: "POST", headers: auth, body: form });
    const text = await res.text();
    assert.equal(res.status, 201, text);
    campaignId = JSON.parse(text).campaign.id;
    expected = await (
      await fetch(`${env.baseUrl}/api/campaigns/${campaignId}/greeting-preview`, { headers: auth })
    ).json();
    typedExpected = await draftText(TYPED, {
      name: "Asha Rao",
      first_name: "Asha",
      last_name: "Rao",
      phone: "+447911100001",
      variables: { company: "Rao Textiles" },
    });
    page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, user);
  });
  after(() => env?.close());

  /** The greeting and its player on a phone, after it played there too. */
  const onPhone = (panel: Locator, name: string) =>
    atPhoneWidth(env, page, name, async () => {
      await panel.getByTestId("greeting-preview-text").scrollIntoViewIfNeeded();
      assert.ok(await panel.getByTestId("greeting-preview-text").isVisible(), "the greeting shows on a phone");
      assert.ok(await panel.getByRole("button", { name: /Play greeting|Stop/ }).isVisible(), "and its player");
    });

  test("shows the first contact's greeting and plays it (1440 px, and 390 px)", async () => {
    await page.goto(`/org/${slug}/campaign-setup?id=${campaignId}`);
    const panel = page.getByRole("region", { name: "Greeting Preview" });
    const quote = panel.getByTestId("greeting-preview-text");
    await quote.waitFor();
    assert.equal((await quote.innerText()).trim(), expected.text);
    assert.match(expected.text, /^Hi Asha, .*AI assistant.*calling Rao Textiles about faster support\./);
    assert.match(await panel.innerText(), /What Asha Rao will hear/);
    await panel.scrollIntoViewIfNeeded();
    await playsTheGreeting(page, panel);
    await env.screenshot(page, "campaign-greeting-preview-1440");
    await onPhone(panel, "campaign-greeting-preview");
  });

  // A new user writing a first campaign: nothing saved, the greeting follows the line as it is typed.
  test("create mode: the typed line for the file's first contact, then played, 1440 px (and 390 px)", async () => {
    await page.goto(`/org/${slug}/campaign-setup`);
    const panel = page.getByRole("region", { name: "Greeting Preview" });
    await panel
      .getByTestId("greeting-preview-empty")
      .getByText(/^Choose a contact list/)
      .waitFor();

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-greeting-")), "first-leads.csv");
    fs.writeFileSync(
      file,
      "name,phone,company\nNo Phone,,Nobody Ltd\nAsha " +
        "Rao,+447911100001,Rao Textiles\nVikram Shah,+447911100002,Shah " +
        "Ltd\n",
    );
    await page.getByTestId("csv-input").setInputFiles(file);
    await page.getByRole("textbox", { name: "Opening line" }).fill(TYPED);
    const want = typedExpected;
    assert.match(
      want,
      /^Hi Asha, this is Sam from Bright Dental\. I'm an AI assistant.* Is Rao Textiles still looking for help\?$/,
    );
    const quote = panel.getByTestId("greeting-preview-text");
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="greeting-preview-text"]')?.textContent?.trim() === text,
      want,
    );
    assert.doesNotMatch(await panel.innerText(), /[{}]/, "no brace is shown or said");
    assert.match(await panel.innerText(), /What Asha Rao will hear/);

    await quote.scrollIntoViewIfNeeded();
    await playsTheGreeting(page, panel);
    await env.screenshot(page, "campaign-greeting-draft-1440");
    await onPhone(panel, "campaign-greeting-draft");
  });
});
