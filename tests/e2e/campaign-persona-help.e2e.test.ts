import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startE2E, type E2E } from "../support/e2e.ts";
import { signIn, newApiUser } from "../support/e2e-users.ts";

// Issue 24: the CSV's persona column is explained only where it means something, the simulated carrier. This
// server dials with Twilio (a fake account it never reaches: the dialer is off), so a list with a persona
// column shows its columns and variables with no word about simulated callees.
const TWILIO = {
  TELEPHONY: "twilio",
  TWILIO_ACCOUNT_SID: "AC1",
  TWILIO_AUTH_TOKEN: "t",
  TWILIO_FROM: "+15005550006",
  PUBLIC_URL: "https://parley.example",
  TWILIO_API_BASE: "http://127.0.0.1:9",
  DIALER: "0",
};

function writeCsv(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-csv-")), "leads.csv");
  fs.writeFileSync(file, "Full Name,Phone,City,persona\nAsha Rao,+919876543210,Pune,interested\n");
  return file;
}

describe("campaign setup on a real carrier: no persona help", () => {
  let env: E2E;
  before(async () => (env = await startE2E({ env: TWILIO })));
  after(() => env.close());

  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`a persona column's list is previewed without the simulated carrier's help (${size.width} px)`, async () => {
      const s = await newApiUser(env.baseUrl);
      const page = await env.newPage(size);
      await signIn(page, s.user);
      await page.goto(`/org/${s.slug}/campaign-setup`);
      await page.getByRole("heading", { name: "Campaign Setup" }).waitFor();
      const hint = page.getByText(/^Columns: name, phone \(required\)/);
      assert.doesNotMatch(
        await hint.innerText(),
        /persona|simulated/i,
        "the empty list's hint says nothing of personas",
      );

      await page.getByTestId("csv-input").setInputFiles(writeCsv());
      const preview = page.getByTestId("csv-preview");
      await preview.getByText("1 row found · 4 columns").waitFor();
      await preview
        .getByRole("list", { name: "CSV columns" })
        .getByRole("listitem")
        .filter({ hasText: "City" })
        .getByText("{city}", { exact: true })
        .waitFor();
      assert.equal(await preview.getByTestId("persona-help").count(), 0);
      assert.doesNotMatch(await page.getByTestId("csv-preview").innerText(), /simulated/i);
      await preview.scrollIntoViewIfNeeded();
      await env.screenshot(page, `campaign-csv-preview-twilio-${size.width}`);
      await page.context().close();
    });
  }
});
