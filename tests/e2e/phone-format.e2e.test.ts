import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { newApiUser, signIn, type E2ESession, type E2EUser } from "../support/e2e-users.ts";
import { insertCalls, insertContacts } from "../support/call-history-data.ts";
import { insertCampaign } from "../support/seed.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

// Numbers are stored in E.164; every screen writes them for people: national form for the organisation's own
// country (its time zone in Settings is Berlin: Germany), international for the rest (lib/phone-format.ts).
const skip = await postgresSkipReason();

const BERLIN = "0171 2345678";
const SYDNEY = "+61 2 9374 4000";

async function api(env: E2EOnPostgres, s: E2ESession, method: string, path: string, body: unknown) {
  const res = await fetch(`${env.baseUrl}/api${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${s.token}` },
    body: JSON.stringify(body),
  });
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${await res.text()}`);
}

describe("phone numbers written for people on every screen", { skip: skip ?? false }, () => {
  let env: E2EOnPostgres;
  let s: E2ESession & { user: E2EUser };
  let campaignId: string;
  before(async () => {
    env = await startE2EOnPostgres();
    s = await newApiUser(env.baseUrl);
    await api(env, s, "PUT", "/settings/organization", { timezone: "Europe/Berlin" });
    campaignId = await insertCampaign(env.db, s.orgId, { name: "Two cities", timezone: "Europe/Berlin" });
    const [jonas] = await insertContacts(env.db, s.orgId, campaignId, [
      { name: "Jonas Weber", phone: "+491712345678" },
      { name: "Mia Clarke", phone: "+61293744000" },
    ]);
    await insertCalls(env.db, s.orgId, [
      { lead_name: "Jonas Weber", lead_phone: "+491712345678", campaign_id: campaignId, contact_id: jonas },
      { lead_name: "Mia Clarke", lead_phone: "+61293744000", campaign_id: campaignId },
    ]);
    await api(env, s, "POST", "/dnc", { phone: "+61293744000", reason: "Asked not to be called" });
    const start = new Date(Date.now() + 86_400_000);
    await api(env, s, "POST", "/calendar/events", {
      title: "Demo with Jonas",
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
      is_virtual: false,
      location: "",
      description: "Booked by the AI agent during a call to +491712345678.",
      attendees: ["Jonas Weber", "+491712345678"],
    });
  });
  after(() => env?.close());

  const visit = async (page: Page, path: string) => page.goto(`/org/${s.slug}${path}`);

  // The steps are the same on a phone: one run at 1440 px, each screen looked at on a 390 px one too (call logs
  // list cards there: the numbers are checked on them, and a tap on one opens the same summary).
  test("call logs, the campaign's contacts, do-not-call and a meeting (1440 px, and 390 px)", async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, s.user);

    await visit(page, "/call-logs");
    await page.getByText("2 Calls").waitFor();
    const summary = page.getByRole("dialog", { name: "Conversation Summary" });
    const fact = summary.locator('[data-fact="Number"]');
    const listsTheNumbers = async (testId: string) => {
      const calls = page.getByTestId(testId);
      await calls.filter({ hasText: "Jonas Weber" }).getByText(BERLIN).waitFor();
      await calls.filter({ hasText: "Mia Clarke" }).getByText(SYDNEY).waitFor();
      assert.equal(await page.getByText("+491712345678").count(), 0, "no raw number in the list");
      await calls.filter({ hasText: "Jonas Weber" }).first().click();
      assert.equal(await fact.innerText(), BERLIN);
      await page.keyboard.press("Escape");
      await summary.waitFor({ state: "detached" });
    };
    await page.getByTestId("call-log-row").first().waitFor();
    await env.screenshot(page, "phone-format-call-logs-1440");
    await listsTheNumbers("call-log-row");
    await atPhoneWidth(env, page, "phone-format-call-logs", () => listsTheNumbers("call-log-card"));

    await visit(page, `/campaign-setup?id=${campaignId}`);
    const jonas = page.getByTestId("contact-row").filter({ hasText: "Jonas Weber" });
    const mia = page.getByTestId("contact-row").filter({ hasText: "Mia Clarke" });
    // Under the name on phones, in its own column on wide screens: the one shown is checked.
    const contactsShown = async () => {
      await jonas.getByText(BERLIN).filter({ visible: true }).waitFor();
      await mia.getByText(SYDNEY).filter({ visible: true }).waitFor();
      await jonas.scrollIntoViewIfNeeded();
    };
    await contactsShown();
    await env.screenshot(page, "phone-format-contacts-1440");
    await atPhoneWidth(env, page, "phone-format-contacts", contactsShown);

    await visit(page, "/do-not-call");
    const dncShown = async () => {
      await page.getByTestId("dnc-row").filter({ hasText: SYDNEY }).waitFor();
      await page.getByRole("button", { name: `Remove ${SYDNEY}` }).waitFor();
    };
    await dncShown();
    await env.screenshot(page, "phone-format-dnc-1440");
    await atPhoneWidth(env, page, "phone-format-dnc", dncShown);

    await visit(page, "/calendar");
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: /^Demo with Jonas/ }).click();
    const dialog = page.getByRole("dialog");
    const meetingShown = async () => {
      await dialog.getByText(`Jonas Weber, ${BERLIN}`).waitFor();
      await dialog.getByText(`during a call to ${BERLIN}.`).waitFor();
    };
    await meetingShown();
    await env.screenshot(page, "phone-format-meeting-1440");
    await atPhoneWidth(env, page, "phone-format-meeting", meetingShown);
    await page.context().close();
  });
});
