import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { atPhoneWidth } from "../support/phone-width.ts";
import { startE2E, type E2E } from "../support/e2e.ts";
import { signIn, newApiUser, type E2EUser } from "../support/e2e-users.ts";
import { businessHoursAroundNow, numbersInHoursNow } from "../support/in-hours-numbers.ts";

type Session = { user: E2EUser; token: string; slug: string };

const get = async <T>(env: E2E, s: Session, path: string): Promise<T> =>
  (await (await fetch(`${env.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${s.token}` } })).json()) as T;

/** Uploads a text document and waits until it is indexed (ready). */
async function readyDocument(env: E2E, s: Session, name: string, text: string): Promise<string> {
  const form = new FormData();
  form.append("files[]", new Blob([text], { type: "text/plain" }), name);
  const res = await fetch(`${env.baseUrl}/api/voice/KB/bulk-upload-documents`, {
    method: "POST",
    headers: { authorization: `Bearer ${s.token}` },
    body: form,
  });
  assert.equal(res.status, 201, await res.clone().text());
  const id = ((await res.json()) as { data: { documents: Array<{ id: string }> } }).data.documents[0]!.id;
  for (let i = 0; i < 100; i++) {
    const list = await get<{ data: { documents: Array<{ id: string; status: string }> } }>(
      env,
      s,
      "/voice/KB/documents",
    );
    if (list.data.documents.find((d) => d.id === id)?.status === "ready") return id;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("document never became ready");
}

describe("campaign setup: knowledge base picker and live progress", () => {
  let env: E2E;
  before(async () => {
    // Instant voice mode: calls end at once, so a launched campaign finishes while the page watches.
    env = await startE2E({ env: { VOICE_MODE: "instant" } });
  });
  after(() => env.close());

  test("an org with no knowledge base is pointed to create one", async () => {
    const s = await newApiUser(env.baseUrl);
    const page = await env.newPage();
    await signIn(page, s.user);
    await page.goto(`/org/${s.slug}/campaign-setup`);
    const section = page.getByRole("region", { name: "Knowledge base" });
    await section.getByText("No knowledge base yet —").waitFor();
    await section.getByRole("link", { name: "create one" }).click();
    await page.waitForURL(new RegExp(`/org/${s.slug}/create-knowledge-base\\?from=campaign-setup$`));
    await page.context().close();
  });

  test("a document attached in create mode shows in view mode, and can be detached", async () => {
    const s = await newApiUser(env.baseUrl);
    const docId = await readyDocument(
      env,
      s,
      "pricing-faq.txt",
      "Our Pro plan costs 49 dollars a month.\n\nSupport is open 24/7.",
    );
    const page = await env.newPage();
    await signIn(page, s.user);
    await page.goto(`/org/${s.slug}/campaign-setup`);
    await page.getByRole("textbox", { name: /Campaign Name/ }).fill("Answers campaign");
    await page.getByRole("combobox", { name: "Knowledge base" }).click();
    await page.getByRole("option", { name: /pricing-faq/ }).click();
    await page.getByRole("button", { name: "SAVE AS DRAFT" }).click();
    await page.getByText("Campaign saved as draft successfully!").waitFor();
    const { campaigns } = await get<{ campaigns: Array<{ id: string }> }>(env, s, "/campaigns");
    const id = campaigns[0]!.id;
    assert.deepEqual((await get<{ document_ids: string[] }>(env, s, `/campaigns/${id}/knowledge-bases`)).document_ids, [
      docId,
    ]);

    await page.goto(`/org/${s.slug}/campaign-setup?id=${id}`);
    const section = page.getByRole("region", { name: "Knowledge base" });
    await section.getByRole("button", { name: /pricing-faq · Voice/ }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await env.screenshot(page, "campaign-knowledge-base-1280");
    // The chosen knowledge base on a phone: its chip fits the screen.
    await atPhoneWidth(env, page, "campaign-knowledge-base", async () => {
      await section.scrollIntoViewIfNeeded();
      await section.getByRole("button", { name: /pricing-faq · Voice/ }).waitFor();
    });

    await section
      .getByRole("button", { name: /pricing-faq/ })
      .locator("svg")
      .click(); // the chip's remove icon
    await page.getByRole("button", { name: "Update Campaign" }).click();
    await page.getByText("Campaign updated successfully!").waitFor();
    assert.deepEqual(
      (await get<{ document_ids: string[] }>(env, s, `/campaigns/${id}/knowledge-bases`)).document_ids,
      [],
    );
    await page.context().close();
  });

  test("the Progress panel shows the campaign's counts as the dialer works", async () => {
    const s = await newApiUser(env.baseUrl);
    const [a, b] = numbersInHoursNow(2);
    const form = new FormData();
    form.set("name", "Live progress");
    const hours = businessHoursAroundNow();
    form.set("campaign_timezone", hours.timezone);
    form.set("business_hours_start", hours.start);
    form.set("business_hours_end", hours.end);
    form.set(
      "csv_file",
      new Blob([`name,phone,persona\nAsha Rao,${a},interested\nOmar Ali,${b},not_interested\n`], { type: "text/csv" }),
      "live.csv",
    );
    const res = await fetch(`${env.baseUrl}/api/create_campaign`, {
      method: "POST",
      headers: { authorization: `Bearer ${s.token}` },
      body: form,
    });
    assert.equal(res.status, 201, await res.clone().text());
    const id = ((await res.json()) as { campaign: { id: string } }).campaign.id;

    const page = await env.newPage();
    await signIn(page, s.user);
    await page.goto(`/org/${s.slug}/campaign-setup?id=${id}`);
    const panel = page.getByRole("region", { name: "Progress" });
    await panel.getByText("Contacts: 2").waitFor();
    await panel.getByText("Done: 2").waitFor({ timeout: 60_000 });
    await panel.getByText("Pending: 0").waitFor();
    await panel.getByText("No calls on the line right now.").waitFor();
    const done = await get<{ campaign: { status: string } }>(env, s, `/campaigns/${id}`);
    assert.equal(done.campaign.status, "completed");
    await env.screenshot(page, "campaign-progress-1280");
    await atPhoneWidth(env, page, "campaign-progress", () => panel.getByText("Done: 2").waitFor());
    await page.context().close();
  });
});
