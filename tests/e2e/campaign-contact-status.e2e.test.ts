import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { DateTime } from "luxon";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { registerViaApi, signIn, loginViaApi } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

// Issue 24: in the campaign view a pending contact says why and when its next attempt is due. The dialer is
// off; the test writes the queue (PostgreSQL shared with the server) one state per contact.
const skip = await postgresSkipReason();

describe("campaign view: each contact's status", { skip: skip ?? false }, () => {
  let env: E2EOnPostgres;
  let token: string;
  let slug: string;
  let user: Awaited<ReturnType<typeof registerViaApi>>;
  let campaignId: string;

  before(async () => {
    env = await startE2EOnPostgres();
    user = await registerViaApi(env.baseUrl);
    ({ token, slug } = await loginViaApi(env.baseUrl, user));
    const form = new FormData();
    form.set("name", "Queue Watch");
    form.set("campaign_timezone", "Asia/Kolkata");
    form.set(
      "csv_file",
      new Blob(
        [
          "name,phone\nAsha Rao,+919876543210\nVikram " +
            "Shah,+919876543211\nMeera Iyer,+919876543212\nOmar " +
            "Ali,+971501234567\n",
        ],
        { type: "text/csv" },
      ),
      "queue.csv",
    );
    const res = await fetch(`${env.baseUrl}/api/create_campaign`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await res.text();
    assert.equal(res.status, 201, text);
    campaignId = JSON.parse(text).campaign.id;

    // Launch queued attempt 1 for everyone; rewrite it into one state per contact.
    const ids = Object.fromEntries(
      (
        await env.db.query<{ id: string; name: string; org_id: string }>(
          "select id, name, org_id from contacts where campaign_id = $1",
          [campaignId],
        )
      ).map((r) => [r.name, r]),
    );
    await env.db.query("delete from call_attempts where campaign_id = $1", [campaignId]);
    const kolkata = DateTime.now().setZone("Asia/Kolkata").plus({ days: 1 });
    // The dialer's attempts as they stand at one moment: no API sets them.
    const seed = (name: string, n: number, status: string, due: Date, outcome: string | null) =>
      env.db.query(
        `insert into call_attempts (org_id, campaign_id, contact_id, attempt_number, status, due_at, outcome)
          values ($1, $2, $3, $4, $5, $6, $7)`,
        [ids[name]!.org_id, campaignId, ids[name]!.id, n, status, due, outcome],
      );
    const hourAgo = new Date(Date.now() - 3600_000);
    await seed("Asha Rao", 1, "done", hourAgo, "no_answer");
    await seed("Asha Rao", 2, "pending", new Date(Date.now() + 2 * 3600_000), null);
    await seed("Vikram Shah", 1, "done", hourAgo, "follow_up");
    await seed(
      "Vikram Shah",
      2,
      "pending",
      kolkata.set({ hour: 9, minute: 0, second: 0, millisecond: 0 }).toJSDate(),
      null,
    );
    await seed(
      "Meera Iyer",
      1,
      "pending",
      kolkata.set({ hour: 8, minute: 0, second: 0, millisecond: 0 }).toJSDate(),
      null,
    );
    await seed("Omar Ali", 1, "done", hourAgo, "interested");
  });
  after(() => env?.close());

  // One run at 1440 px; the table is looked at at 390 px on the way (atPhoneWidth: the page fits the width).
  test("pending contacts say why and when", async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, user);
    await page.goto(`/org/${slug}/campaign-setup?id=${campaignId}`);
    const table = page.getByTestId("contacts-table");
    const status = (name: string) =>
      table.getByTestId("contact-row").filter({ hasText: name }).getByTestId("contact-status");
    await status("Asha Rao").getByText("Pending").waitFor();
    assert.match(await status("Asha Rao").innerText(), /Retry at (\w{3} )?\d{1,2}:\d{2} [AP]M — no answer/);
    assert.match(await status("Vikram Shah").innerText(), /Callback asked for \w{3} 9:00 AM/);
    assert.match(await status("Meera Iyer").innerText(), /Waiting for calling hours \(opens (\w{3} )?8:00 AM local\)/);
    assert.match(await status("Omar Ali").innerText(), /Done\s+Interested/);
    await table.scrollIntoViewIfNeeded();
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      "the page does not scroll sideways; the table scrolls inside its box",
    );
    await env.screenshot(page, "campaign-contact-status-1440");
    // The status is read in full without scrolling the table sideways, on a phone too.
    const fitsItsBox = () =>
      table.locator(".MuiTableContainer-root").evaluate((el) => el.scrollWidth <= el.clientWidth);
    assert.ok(await fitsItsBox(), "the table fits its box");
    await atPhoneWidth(env, page, "campaign-contact-status", async () => {
      await table.scrollIntoViewIfNeeded();
      assert.match(await status("Vikram Shah").innerText(), /Callback asked for \w{3} 9:00 AM/);
      assert.ok(await fitsItsBox(), "the table fits its box on a phone");
    });
    await page.context().close();
  });
});
