import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { insertCalls, insertContacts } from "../support/call-history-data.ts";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { newApiUser, signIn, type E2ESession, type E2EUser } from "../support/e2e-users.ts";
import { sampleContacts, startHubspotServer, type HubspotServer } from "../support/hubspot-server.ts";
import { until } from "../support/until.ts";
import { insertCampaign } from "../support/seed.ts";

const skip = await postgresSkipReason();
const TOKEN = "pat-na1-aaaaaaaa-bbbb-cccc-dddd-eeeeeeee5678";

/** Dialogs fade in: a screenshot waits until one is fully shown. */
const dialogShown = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll(".MuiDialog-container")].some((el) => getComputedStyle(el).opacity === "1"),
  );

describe("Call logs: each call's sync to HubSpot in its details", { skip: skip ?? false }, () => {
  let env: E2EOnPostgres;
  let hs: HubspotServer;
  let me: E2ESession & { user: E2EUser };
  const ids: Record<string, string> = {};
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${env.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${me.token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  before(async () => {
    hs = await startHubspotServer({ token: TOKEN, contacts: sampleContacts(), lists: [] });
    env = await startE2EOnPostgres({ env: { HUBSPOT_BASE_URL: hs.baseUrl } });
    me = await newApiUser(env.baseUrl);
    assert.equal((await api("PUT", "/api/integrations/hubspot", { token: TOKEN })).status, 200);
    const campaignId = await insertCampaign(env.db, me.orgId, {
      name: "Trade show follow-up",
      service: "sales",
      timezone: "UTC",
    });
    const people = [
      ["Ana Silva", "101"],
      ["Ben Okafor", "102"],
      ["Eli Novak", "106"],
      ["Lee Park", null],
    ] as const;
    const contacts = await insertContacts(
      env.db,
      me.orgId,
      campaignId,
      people.map(([name, hubspotId], i) => ({
        name,
        phone: `+1415555010${i + 1}`,
        variables: hubspotId ? { hubspot_id: hubspotId } : {},
      })),
    );
    const callIds = await insertCalls(
      env.db,
      me.orgId,
      people.map(([name], i) => ({
        lead_name: name,
        lead_phone: `+1415555010${i + 1}`,
        campaign_id: campaignId,
        contact_id: contacts[i]!,
        summary: `${name.split(" ")[0]} wants a quote.`,
        started_at: new Date(Date.UTC(2026, 10, 20 + i, 15)).toISOString(),
      })),
    );
    people.forEach(([name], i) => {
      ids[name] = callIds[i]!;
    });
    // Ana's write is due: the server's queue loop sends it to HubSpot.
    // Ben's failed once and waits; Eli's contact is gone.
    // Written straight into the queue: only a real call's end and a failed send leave these states.
    const write = (name: string, contactId: string, extra: string, params: unknown[] = []) =>
      env.db.query(
        `insert into crm_writes (org_id, call_id, provider, kind, crm_contact_id, activity, next_attempt_at, status,
          attempts, last_error, last_attempt_at)
         values ($1, $2, 'hubspot', 'call', $3, $4::jsonb, ${extra})`,
        [
          me.orgId,
          ids[name],
          contactId,
          JSON.stringify({
            kind: "call",
            contactId,
            title: "Parley AI call (Trade show follow-up): Interested",
            outcome: "interested",
            status: "completed",
            direction: "OUTBOUND",
            body: "Outcome: Interested",
            toNumber: "+14155550101",
            startedAt: "2026-11-20T15:00:00.000Z",
            durationMs: 42_000,
            recordingUrl: null,
          }),
          ...params,
        ],
      );
    await write("Ana Silva", "101", "now(), 'pending', 0, null, null");
    await write("Ben Okafor", "102", "now() + interval '5 minutes', 'pending', 2, $5, now()", [
      "Could not reach HubSpot: connect ECONNREFUSED 127.0.0.1:9.",
    ]);
    await write("Eli Novak", "106", "now(), 'failed', 1, $5, now()", [
      "HubSpot has no such contact any more (deleted or merged).",
    ]);
    await until(async () => hs.state.calls.length === 1, { what: "Ana's call written to HubSpot", ms: 30_000 });
  });
  after(async () => {
    await env?.close();
    await hs?.close();
  });

  const openCall = async (page: Page, name: string) => {
    await page.getByRole("button", { name: `View Details for ${name}` }).click();
    await dialogShown(page);
    const dialog = page.getByRole("dialog", { name: "Conversation Summary" });
    await dialog.getByText(`${name.split(" ")[0]} wants a quote.`).waitFor();
    return dialog;
  };
  const close = async (page: Page) => {
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
  };

  test("at 1440 px: synced, waiting with reason and next try, refused for good; non-HubSpot: nothing", async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, me.user);
    await page.goto(`/org/${me.slug}/call-logs`);
    assert.deepEqual(hs.state.calls[0]!.contactIds, ["101"]);

    let dialog = await openCall(page, "Ana Silva");
    const synced = dialog.getByTestId("crm-sync");
    await synced.getByText(/^Synced to HubSpot on /).waitFor();
    await synced.scrollIntoViewIfNeeded();
    await env.screenshot(page, "crm-sync-synced-1440");
    await close(page);

    dialog = await openCall(page, "Ben Okafor");
    const waiting = await dialog.getByTestId("crm-sync").innerText();
    assert.match(
      waiting,
      /^Waiting to sync to HubSpot: Could not reach HubSpot: connect ECONNREFUSED 127\.0\.0\.1:9, next try .+\.$/,
    );
    await dialog.getByTestId("crm-sync").scrollIntoViewIfNeeded();
    await env.screenshot(page, "crm-sync-waiting-1440");
    await close(page);

    dialog = await openCall(page, "Eli Novak");
    assert.match(
      await dialog.getByTestId("crm-sync").innerText(),
      /^Not synced: HubSpot has no such contact any more \(deleted or merged\)\. Test the connection/,
    );
    await close(page);

    dialog = await openCall(page, "Lee Park");
    await dialog.getByText("Transcript", { exact: true }).waitFor();
    assert.equal(await dialog.getByTestId("crm-sync").count(), 0, "a contact not from HubSpot has no CRM line");
    await close(page);
    await page.context().close();
  });

  test("at 390 px: a refused token; the call says reconnect, links to Settings; reconnecting sends it", async () => {
    hs.state.token = "pat-na1-revoked";
    const tested = (await (await api("POST", "/api/integrations/hubspot/test")).json()) as { status: string };
    assert.equal(tested.status, "reconnect");
    // Ben's write falls due while HubSpot needs reconnecting: it is kept, untried.
    await env.db.query("update crm_writes set next_attempt_at = now() where call_id = $1", [ids["Ben Okafor"]]);
    const sent = hs.state.requests.length;
    const page = await env.newPage({ width: 390, height: 844 });
    await signIn(page, me.user);
    await page.goto(`/org/${me.slug}/call-logs`);
    const dialog = await openCall(page, "Ben Okafor");
    const line = dialog.getByTestId("crm-sync");
    await line.getByText(/^Not synced: HubSpot needs reconnecting\./).waitFor();
    await line.scrollIntoViewIfNeeded();
    const box = await line.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the line fits the phone: ${JSON.stringify(box)}`);
    await env.screenshot(page, "crm-sync-reconnect-390");
    await line.getByRole("link", { name: "Open Settings → Integrations" }).click();
    await page.waitForURL(/\/settings\/integrations$/);

    const card = page.getByRole("region", { name: "HubSpot (CRM)" });
    await card.locator(".MuiChip-root").getByText("Reconnect", { exact: true }).waitFor();
    await card.getByText(/call results are kept and go out once a working token is saved/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await env.screenshot(page, "crm-sync-settings-reconnect-390");
    assert.equal(hs.state.requests.length, sent, "nothing was sent to HubSpot while it needed reconnecting");
    const [kept] = await env.db.query<{ status: string; attempts: number }>(
      "select status, attempts from crm_writes where call_id = $1",
      [ids["Ben Okafor"]],
    );
    assert.deepEqual(
      [kept!.status, kept!.attempts],
      ["pending", 2],
      "the write is kept and the refusal is not counted as a try",
    );

    // Test connection while HubSpot still refuses the token: it says so and nothing changes.
    await card.getByRole("button", { name: "Test connection" }).click();
    const refused = page
      .getByRole("alert")
      .filter({ hasText: "HubSpot refused the saved token" })
      .filter({ has: page.getByRole("button", { name: "Close" }) });
    await refused.getByRole("button", { name: "Close" }).click();
    await refused.waitFor({ state: "detached" });
    await card.locator(".MuiChip-root").getByText("Reconnect", { exact: true }).waitFor();

    hs.state.token = "pat-na1-new-token-9999";
    await card.getByRole("button", { name: "Reconnect" }).click();
    await card.getByLabel("Private app access token").fill("pat-na1-new-token-9999");
    await card.getByRole("button", { name: "Connect HubSpot" }).click();
    await card.locator(".MuiChip-root").getByText("Connected", { exact: true }).waitFor();
    await until(async () => hs.state.calls.some((c) => c.contactIds.includes("102")), {
      what: "Ben's call written after reconnecting",
      ms: 30_000,
    });
    await page.goto(`/org/${me.slug}/call-logs`);
    const after = await openCall(page, "Ben Okafor");
    await after
      .getByTestId("crm-sync")
      .getByText(/^Synced to HubSpot on /)
      .waitFor();
    await page.context().close();
  });
});
