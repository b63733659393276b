import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { TRANSFER_TO_MESSAGE } from "@parley/shared/call-transfer";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { registerViaApi, signIn, loginViaApi, type E2EUser } from "../support/e2e-users.ts";
import { insertCalls } from "../support/call-history-data.ts";
import { savedCampaign } from "../support/saved-campaign.ts";

// "Transfer to" on the Campaign setup screen (voice only, checked as typed, saved), and a transferred call's
// line in the Call Logs details, at 1440 and 390 px. The call is seeded into the PostgreSQL database the server
// shares with this test, as the voice engine leaves it: outcome transferred, one unanswered and one answered try.
const skip = await postgresSkipReason();
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];
const SHOTS = "/tmp/shots-transfer";

describe("transfer to a person: setup field and call details", { skip: skip ?? false }, () => {
  let env: E2EOnPostgres;
  let user: E2EUser;
  let slug: string;
  let token: string;
  before(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    env = await startE2EOnPostgres();
    user = await registerViaApi(env.baseUrl);
    const me = await loginViaApi(env.baseUrl, user);
    slug = me.slug;
    token = me.token;
    const [callId] = await insertCalls(env.db, me.orgId, [
      {
        lead_name: "Maya Patel",
        lead_phone: "+14155550123",
        outcome: "transferred",
        started_at: "2026-11-20T15:00:00Z",
        duration_secs: 96,
        summary: "Maya Patel asked to speak with a person and was put through to the team.",
        transcript: [{ speaker: "callee", text: "Can I talk to a real person, please?", startMs: 4000, endMs: 6000 }],
      },
    ]);
    // Two tries to put the caller through, as the call runner records them: only a live call makes them.
    await env.db.query(
      `insert into call_interventions (org_id, call_id, kind, at, target, answered, detail) values
         ($1, $2, 'transfer', '2026-11-20T15:00:10Z', '+15550102000', false, 'No answer within 25 s.'),
         ($1, $2, 'transfer', '2026-11-20T15:00:50Z', 'sip:sales@pbx.example.com', true, null)`,
      [me.orgId, callId],
    );
  });
  after(() => env?.close());

  const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const shot = async (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

  for (const size of SIZES) {
    test(`Campaign setup: Transfer to is explained, checked as typed and saved (${size.width} px)`, async () => {
      const page = await env.newPage(size);
      await signIn(page, user);
      await page.goto(`/org/${slug}/campaign-setup`);
      await page.getByRole("heading", { name: "Campaign Setup" }).waitFor();
      const field = page.getByLabel("Transfer to", { exact: true });
      await field.scrollIntoViewIfNeeded();
      await page.getByText(/Leave empty to always offer a callback/).waitFor();
      await field.fill("call Sam");
      await page.getByText(TRANSFER_TO_MESSAGE).waitFor();
      assert.equal(await field.getAttribute("aria-invalid"), "true");
      await shot(page, `setup-invalid-${size.width}`);
      await field.fill("+1 (555) 010-2000");
      await page.getByText(/Leave empty to always offer a callback/).waitFor();
      assert.ok(await noSideways(page), "no sideways scrolling");
      await page.getByRole("heading", { name: "Transfer to a Person" }).scrollIntoViewIfNeeded();
      await shot(page, `setup-${size.width}`);
      const name = `Support line ${size.width}`;
      await page.getByRole("textbox", { name: "Campaign Name" }).fill(name);
      await page.getByRole("button", { name: "SAVE AS DRAFT" }).click();
      const saved = await savedCampaign<{ transfer_to: string | null }>(env.baseUrl, token, name);
      assert.equal(saved?.transfer_to, "+15550102000");
      await page.context().close();
    });

    test(`Call Logs details: the transfers and the outcome read plainly (${size.width} px)`, async () => {
      const page = await env.newPage(size);
      await signIn(page, user);
      await page.goto(`/org/${slug}/call-logs`);
      await page.getByText("Maya Patel").first().click();
      const dialog = page.getByRole("dialog", { name: "Conversation Summary" });
      const section = dialog.getByText("Transferred to a person");
      await section.scrollIntoViewIfNeeded();
      await dialog
        .getByText(
          /tried to transfer the call to \+15550102000: not answered \(No answer within 25 s\), back to the agent/,
        )
        .waitFor();
      await dialog
        .getByText(/transferred the call to sip:sales@pbx\.example\.com: answered, caller and person connected/)
        .waitFor();
      assert.ok(await noSideways(page), "no sideways scrolling");
      await shot(page, `details-${size.width}`);
      await page.context().close();
    });
  }
});
