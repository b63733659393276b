import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { loginViaApi, registerViaApi, signIn, type E2EUser } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

const FIXTURES = new URL("../support/kb-documents/", import.meta.url);
const file = (name: string, buffer: Buffer, mimeType = "application/octet-stream") => ({ name, mimeType, buffer });
const alertText = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

describe("knowledge base screens", () => {
  let env: E2E;
  let user: E2EUser;
  let page: Page;
  let slug: string;
  before(async () => {
    env = await startE2E();
    user = await registerViaApi(env.baseUrl, "Northwind");
    page = await env.newPage({ width: 1280, height: 900 });
    await signIn(page, user);
    slug = new URL(page.url()).pathname.split("/")[2]!;
  });
  after(() => env.close());

  test("the empty list, then the create screen's every validation message", async () => {
    await page.goto(`/org/${slug}/knowledge-base`);
    await page.getByText("See all the knowledge base in one place").waitFor();
    await page.getByText("No voice knowledge base items found.").waitFor();
    await env.screenshot(page, "kb-list-empty-1280");
    await page.getByRole("button", { name: "Create Knowledge base +" }).click();
    await page.waitForURL(`**/org/${slug}/create-knowledge-base`);
    await page.getByText("Select a communication channel").waitFor();
    await atPhoneWidth(env, page, "kb-create", () => page.getByText("Select a communication channel").waitFor());
    assert.equal(
      await page.getByRole("button", { name: "Upload Files & URLs Together" }).count(),
      0,
      "voice-only: no combined upload",
    );

    await page.getByRole("button", { name: "Upload Documents Now" }).click();
    await alertText(page, "Please select a communication channel before uploading documents.").waitFor();
    await page.getByRole("button", { name: "Upload URLs" }).click();
    await alertText(
      page,
      "Please select a communication channel before uploading URLs. This helps categorize your knowledge base content.",
    ).waitFor();

    await page.getByLabel("Communication channel").click();
    assert.equal(await page.getByRole("option", { name: /Email/ }).getAttribute("aria-disabled"), "true");
    assert.equal(await page.getByRole("option", { name: /WhatsApp/ }).getAttribute("aria-disabled"), "true");
    await page.getByRole("option", { name: "Voice" }).click();

    await page.getByRole("button", { name: "Upload Documents Now" }).click();
    await alertText(page, "Please add at least one file to upload.").waitFor();
    await page.getByRole("button", { name: "Upload URLs" }).click();
    await alertText(page, "Please add at least one URL to upload.").waitFor();

    const input = page.getByTestId("kb-file-input");
    await input.setInputFiles([file("photo.png", Buffer.from("png")), file("notes.txt", Buffer.from("hi"))]);
    await alertText(
      page,
      "Invalid file type(s): photo.png. Please upload only TXT, PDF, DOC, or DOCX files.",
    ).waitFor();
    await input.setInputFiles(Array.from({ length: 6 }, (_, i) => file(`n${i}.txt`, Buffer.from("hello"))));
    await alertText(page, "Maximum 5 files allowed. You can upload 5 more file(s).").waitFor();
    // Handed over by path: sent as a buffer, 20 MB crosses the browser protocol slowly on a busy machine.
    const huge = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-kb-e2e-")), "huge.pdf");
    fs.writeFileSync(huge, Buffer.alloc(20 * 1024 * 1024 + 1));
    await input.setInputFiles(huge);
    await alertText(page, "File(s) too large: huge.pdf. Maximum file size is 20MB.").waitFor();
    await env.screenshot(page, "kb-create-validation-1280");
  });

  test("URLs: default names, at most five, upload clears the list and stays", async () => {
    const url = page.getByLabel("Website URL");
    const add = page.getByRole("button", { name: "Add URL" });
    await url.fill("   ");
    assert.equal(await add.isDisabled(), true, "blank URLs are not added");
    for (let i = 1; i <= 5; i++) {
      await url.fill(`http://127.0.0.1:9/page-${i}`);
      if (i === 2) await page.getByLabel("Document name (optional)").fill("Pricing page");
      await add.click();
    }
    const listed = page.getByRole("list", { name: "URLs to upload" });
    await listed.getByText("Document 1").waitFor();
    await listed.getByText("Pricing page").waitFor();
    await listed.getByText("Document 5").waitFor();
    assert.equal(await url.isDisabled(), true, "a sixth URL cannot be added");
    for (let i = 0; i < 4; i++)
      await page
        .getByRole("button", { name: /^Remove Document [345]$|^Remove Pricing page$/ })
        .first()
        .click();
    assert.equal(await listed.getByRole("listitem").count(), 1);

    await page.getByRole("button", { name: "Upload URLs" }).click();
    await alertText(page, "URLs uploaded successfully!").waitFor();
    await listed.waitFor({ state: "detached", timeout: 5000 });
    assert.match(page.url(), /create-knowledge-base$/, "a URL-only upload stays on the page");
  });

  test("documents: upload with progress, then the list shows it ready; delete asks first", async () => {
    await page
      .getByTestId("kb-file-input")
      .setInputFiles([
        file("helios-battery.pdf", fs.readFileSync(new URL("helios-battery.pdf", FIXTURES)), "application/pdf"),
      ]);
    await page.getByRole("list", { name: "Chosen documents" }).getByText("helios-battery.pdf").waitFor();
    await page.getByRole("button", { name: "Upload Documents Now" }).click();
    await page.getByText(/Uploading\.\.\. \d+%/).waitFor();
    await alertText(page, "Documents uploaded successfully!").waitFor();
    await page.waitForURL(`**/org/${slug}/knowledge-base`, { timeout: 6000 });

    const row = page.getByRole("row").filter({ hasText: "helios-battery" });
    await row.getByText("Ready").waitFor({ timeout: 20_000 });
    await row.getByText("No description available").waitFor();
    await row.getByText("Added by Sam Rivera").waitFor();
    const refused = page.getByRole("row").filter({ hasText: "Document 1" });
    await refused.getByText("Failed").waitFor({ timeout: 20_000 });
    await refused.getByText(/^refused: 127.0.0.1 points to a private, loopback or reserved address$/).waitFor();
    await env.screenshot(page, "kb-list-1280");
    await page.setViewportSize({ width: 1440, height: 900 });
    await env.screenshot(page, "kb-list-1440");
    // A change through the API (PUT /api/knowledge-base/{id}) names who made it in the list.
    const api = await loginViaApi(env.baseUrl, user);
    const headers = { authorization: `Bearer ${api.token}`, "content-type": "application/json" };
    const docs = (await (await fetch(`${env.baseUrl}/api/voice/KB/documents`, { headers })).json()) as {
      data: { documents: Array<{ id: string; name: string }> };
    };
    const helios = docs.data.documents.find((d) => d.name.startsWith("helios-battery"))!;
    const put = await fetch(`${env.baseUrl}/api/knowledge-base/${helios.id}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ description: "Battery datasheet" }),
    });
    assert.equal(put.status, 200);
    await page.reload();
    await row.getByText("Added and changed by Sam Rivera").waitFor();
    // Status and Delete stay in view on a phone: Type and Description move under the name, ID is left out.
    await atPhoneWidth(env, page, "kb-list", async () => {
      await row.getByText("Battery datasheet").filter({ visible: true }).waitFor();
      for (const target of [row.getByText("Ready"), row.getByRole("button", { name: /^Delete helios-battery/ })]) {
        const box = (await target.boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= 390, `${await target.textContent()} is on screen: ${box.x}`);
      }
    });

    await page.getByRole("textbox", { name: "Search knowledge base" }).fill("helios");
    assert.equal(await page.getByRole("row").filter({ hasText: "Document 1" }).count(), 0, "search filters rows");
    await page.getByRole("textbox", { name: "Search knowledge base" }).fill("");
    await row.getByRole("button", { name: "Delete helios-battery" }).click();
    await page.getByRole("dialog").getByText("Are you sure you want to delete this item?").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await alertText(page, "Item deleted successfully!").waitFor();
    await row.waitFor({ state: "detached" });
  });

  test("a failed load shows the warning banner, an empty list and one Retry", async () => {
    await page.route("**/api/voice/KB/documents", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "internal", message: "database is down" } }),
      }),
    );
    await page.goto(`/org/${slug}/knowledge-base`);
    await page.getByText("Failed to load voice knowledge base: database is down").waitFor();
    await page.getByText("No voice knowledge base items found.").waitFor();
    assert.equal(
      await page.getByRole("row").filter({ hasText: "Document 1" }).count(),
      0,
      "never sample or stale items",
    );
    await page.getByRole("button", { name: "Retry", exact: true }).click();
    const used = page.getByRole("button", { name: "Retry Used" });
    await used.waitFor();
    assert.equal(await used.isDisabled(), true);
    await env.screenshot(page, "kb-list-error-1280");
    await page.unroute("**/api/voice/KB/documents");
  });
});
