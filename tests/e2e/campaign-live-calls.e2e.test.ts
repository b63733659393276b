import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { registerViaApi, signIn, loginViaApi, type E2EUser } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";
import { insertCall, insertCampaign, insertContact } from "../support/seed.ts";

// The live calls list needs calls on the line that stay there while the page looks. Rows are seeded into a
// PostgreSQL database the server shares with this test (PGlite is one process only), and the dialer is off.
const skip = await postgresSkipReason();

describe("campaign view: live calls update in the Progress panel", { skip: skip ?? false }, () => {
  let env: E2EOnPostgres;
  before(async () => (env = await startE2EOnPostgres()));
  after(() => env.close());

  /** Four contacts: Asha and Omar on a call (Asha mid-conversation), Li finished (interested), Maria waiting. */
  async function seed(orgId: string): Promise<string> {
    const campaignId = await insertCampaign(env.db, orgId, { name: "Live look", status: "active" });
    const lines = [
      { speaker: "agent", text: "Hi Asha, this is Parley calling about your spring sign-up.", startMs: 0, endMs: 2500 },
      { speaker: "callee", text: "Oh yes, how much is the Pro plan?", startMs: 3000, endMs: 4800 },
    ];
    for (const [i, name] of ["Asha Rao", "Omar Ali", "Li Wei", "Maria Gómez"].entries()) {
      const phone = `+4477009001${i}0`;
      const contactId = await insertContact(env.db, orgId, campaignId, { line_number: i + 2, name, phone_e164: phone });
      let callId: string | null = null;
      if (i < 2) {
        const call = { campaign_id: campaignId, contact_id: contactId, lead_name: name, lead_phone: phone };
        callId = await insertCall(env.db, orgId, { ...call, transcript: i === 0 ? lines : [] });
      }
      const [status, outcome] = i < 2 ? ["in_progress", null] : i === 2 ? ["done", "interested"] : ["pending", null];
      // The dialer's queue as it stands mid-campaign (the dialer is off): no API sets attempts' states.
      await env.db.query(
        `insert into call_attempts (org_id, campaign_id, contact_id, attempt_number, status, outcome, due_at, call_id)
          values ($1, $2, $3, 1, $4, $5, now(), $6)`,
        [orgId, campaignId, contactId, status, outcome, callId],
      );
    }
    return campaignId;
  }

  test("calls on the line show with their last line; a call ending updates the counts without a reload", async () => {
    const user: E2EUser = await registerViaApi(env.baseUrl);
    const me = await loginViaApi(env.baseUrl, user);
    const row = { slug: me.slug };
    const id = await seed(me.orgId);
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, user);
    await page.goto(`/org/${row.slug}/campaign-setup?id=${id}`);
    const panel = page.getByRole("region", { name: "Progress" });
    const live = panel.getByTestId("live-calls");
    await live.getByText("Asha Rao").waitFor();
    await live.getByText("Contact: Oh yes, how much is the Pro plan?").waitFor();
    await live.getByText("Omar Ali").waitFor();
    await panel.getByText("In progress: 2").waitFor();
    assert.doesNotMatch(await live.innerText(), /since 0\d:\d\d\s?[AP]M/, "no leading zero on a 12-hour clock");
    await env.screenshot(page, "campaign-live-calls-1440");

    await env.db.query(
      `update call_attempts set status = 'done', outcome = 'scheduled' where campaign_id = $1
        and contact_id = (select id from contacts where campaign_id = $1 and name = 'Asha Rao')`,
      [id],
    );
    await panel.getByText("Scheduled: 1").waitFor({ timeout: 5000 });
    await panel.getByText("In progress: 1").waitFor();
    await live.getByText("Asha Rao").waitFor({ state: "detached" });
    // The call still on the line, on a phone.
    await atPhoneWidth(env, page, "campaign-live-calls", () => live.getByText("Omar Ali").waitFor());
    await page.context().close();
  });
});
