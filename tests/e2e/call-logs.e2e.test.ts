import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { encodeWav } from "@parley/voice/audio/wav";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { registerViaApi, signIn, loginViaApi, type E2EUser } from "../support/e2e-users.ts";
import { insertCalls, insertContacts, type TestCall } from "../support/call-history-data.ts";
import { createPostgresStorage } from "../../apps/server/src/platform/storage-postgres.ts";
import { insertCampaign } from "../support/seed.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

// Calls are seeded into a PostgreSQL database the server shares with this test (PGlite is one process only);
// recordings are real WAV files in the server's storage (on PostgreSQL:
// the database itself), where the call runner puts them.
const skip = await postgresSkipReason();

const COLUMNS = [
  "Name",
  "Phone",
  "Email",
  "Campaign",
  "Services/Product",
  "Budget",
  "Date & Time",
  "Duration",
  "Lead Date & Time",
  "Status",
  "Qualified",
  "Actions",
];

describe("Conversation Logs: voice calls", { skip: skip ?? false }, () => {
  let env: E2EOnPostgres;
  let user: E2EUser;
  let slug: string;
  before(async () => {
    env = await startE2EOnPostgres();
    user = await registerViaApi(env.baseUrl);
    const me = await loginViaApi(env.baseUrl, user);
    slug = me.slug;
    await seed(me.orgId);
  });
  after(() => env?.close());

  /**
   * 23 calls: 20 without a campaign, two recorded calls (3 s of tone each) of a New York campaign whose contacts
   * were imported in December with "Services/Product" and "Budget" columns, and one call still running.
   */
  async function seed(orgId: string) {
    const tone = new Int16Array(8000 * 3 * 2).map((_, i) => Math.round(6000 * Math.sin(i / 4)));
    for (const name of ["rec-a", "rec-b"]) {
      await createPostgresStorage(env.db).put(`recordings/${orgId}/${name}.wav`, Buffer.from(encodeWav(tone, 8000, 2)));
    }
    const campaignId = await insertCampaign(env.db, orgId, {
      name: "Harbor Homes Spring Outreach",
      service: "sales",
      timezone: "America/New_York",
    });
    const [asha, omar] = await insertContacts(env.db, orgId, campaignId, [
      {
        name: "Asha Rao",
        phone: "+14155550101",
        created_at: "2025-12-15T08:00:00Z",
        variables: { services_product: "Solar roof", budget: "$12,000" },
      },
      {
        name: "Omar Ali",
        phone: "+14155550102",
        created_at: "2025-12-15T08:00:00Z",
        variables: { Service: "Heat pump" },
      },
    ]);
    const calls: TestCall[] = Array.from({ length: 20 }, (_, i) => ({
      lead_name: `Lead ${String(i + 1).padStart(2, "0")}`,
      lead_email: `lead${i + 1}@example.com`,
      outcome: i % 2 ? "not_interested" : "follow_up",
      service: "",
      started_at: new Date(Date.UTC(2026, 0, 1 + i, 9)).toISOString(),
    }));
    calls.push(
      {
        lead_name: "Asha Rao",
        lead_phone: "+14155550101",
        lead_email: "asha.rao@example.com",
        campaign_id: campaignId,
        contact_id: asha,
        service: "sales",
        outcome: "scheduled",
        summary: "Booked a site visit for Friday.",
        recording_key: `recordings/${orgId}/rec-a.wav`,
        started_at: "2026-02-01T15:30:00Z",
        duration_secs: 95,
        transcript: [
          { speaker: "agent", text: "Hi Asha, this is Parley.", startMs: 0, endMs: 1500 },
          { speaker: "callee", text: "Friday works for me.", startMs: 2000, endMs: 3200 },
        ],
        extracted: { budget: "$12,000" },
        latency: [
          {
            turn: 1,
            endOfSpeech: 3200,
            sttFinal: 3300,
            brainFirstToken: 3500,
            ttsFirstAudio: 3600,
            firstFrameSent: 3620,
          },
        ],
      },
      {
        lead_name: "Omar Ali",
        campaign_id: campaignId,
        contact_id: omar,
        service: "sales",
        outcome: "interested",
        recording_key: `recordings/${orgId}/rec-b.wav`,
        started_at: "2026-02-02T10:00:00Z",
      },
      {
        lead_name: "Li Wei",
        status: "in_progress",
        outcome: null,
        ended: false,
        service: "",
        started_at: "2026-02-03T10:00:00Z",
      },
    );
    await insertCalls(env.db, orgId, calls);
    // Asha's call was rung by hand by the signed-in user (Sam Rivera): its details say who placed it.
    await env.db.query(
      `update calls set placed_by = (select user_id from memberships where org_id = $1) where org_id = $1
        and lead_name = 'Asha Rao'`,
      [orgId],
    );
  }

  const rows = (page: Page) => page.getByTestId("call-log-row");
  const cells = async (page: Page, name: string) =>
    (
      await rows(page)
        .filter({ has: page.getByRole("cell", { name, exact: true }) })
        .locator("td")
        .allInnerTexts()
    ).map((t) => t.replace(/\s+/g, " ").trim());

  /** No sideways scrolling: neither the page nor the table's own container. */
  async function assertNoHorizontalOverflow(page: Page, container?: string) {
    const m = await page.evaluate((sel) => {
      const el = sel ? document.querySelector<HTMLElement>(sel) : null;
      return {
        page: document.scrollingElement!.scrollWidth,
        viewport: window.innerWidth,
        box: el ? { scroll: el.scrollWidth, client: el.clientWidth } : null,
      };
    }, container ?? null);
    assert.ok(m.page <= m.viewport, `page scrolls sideways: ${m.page} > ${m.viewport}`);
    if (container) {
      assert.ok(m.box, `${container} is on the page`);
      assert.ok(m.box.scroll <= m.box.client, `the table scrolls sideways: ${m.box.scroll} > ${m.box.client}`);
    }
  }

  async function assertDialog(page: Page) {
    const dialog = page.getByRole("dialog", { name: "Conversation Summary" });
    const fact = (k: string) => dialog.locator(`[data-fact="${k}"]`).innerText();
    await dialog.getByText("Friday works for me.").waitFor();
    assert.deepEqual(await Promise.all(["Name", "Number", "Campaign", "Started", "Duration", "Outcome"].map(fact)), [
      "Asha Rao",
      "+1 415 555 0101",
      "Harbor Homes Spring Outreach",
      "2026-02-01 16:30; 2026-02-01 10:30 (America/New_York) on the campaign's clock",
      "95s",
      "Scheduled",
    ]);
    const audio = dialog.getByLabel("Call recording");
    assert.match((await audio.getAttribute("src")) ?? "", /\/api\/recordings\//);
    assert.equal(await audio.evaluate((a) => (a as HTMLAudioElement).controls), true);
    assert.equal(await dialog.getByTestId("call-summary").innerText(), "Booked a site visit for Friday.");
    await dialog.getByText("Hi Asha, this is Parley.").waitFor();
    // The dialog fades in: its picture is taken once it is fully shown (mid-fade the list shows through it).
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".MuiDialog-container")].every((e) => getComputedStyle(e).opacity === "1"),
    );
    return dialog;
  }

  /** At 390 px the rows are cards that open the call (the page as it is now: page 1, all calls). */
  async function cardsOnAPhone(page: Page) {
    await atPhoneWidth(env, page, "call-logs", async () => {
      const cards = page.getByTestId("call-log-card");
      await cards.first().waitFor();
      assert.equal(await cards.count(), 10);
      assert.equal(await rows(page).count(), 0, "no table at 390 px");
      const asha = cards.filter({ hasText: "Asha Rao" });
      assert.deepEqual(
        await Promise.all(
          ["card-name", "card-phone", "card-campaign", "card-when"].map((id) => asha.getByTestId(id).innerText()),
        ),
        ["Asha Rao", "+1 415 555 0101", "Harbor Homes Spring Outreach", "2026-02-01 16:30 · 95s"],
      );
      assert.equal(await asha.locator("[data-status]").innerText(), "Scheduled");
      await asha.getByRole("button", { name: "View Details for Asha Rao" }).waitFor();
      await asha.getByRole("button", { name: "Play Audio for Asha Rao" }).waitFor();
      await assertNoHorizontalOverflow(page);
      const box = await asha.getByRole("button", { name: "Play Audio for Asha Rao" }).boundingBox();
      assert.ok(box && box.x + box.width <= 390, "the card's actions are on screen");
    });
    await atPhoneWidth(env, page, "call-logs-details", async () => {
      await page.getByTestId("call-log-card").filter({ hasText: "Asha Rao" }).getByTestId("card-campaign").click();
      await assertDialog(page);
    });
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
  }

  // At 390 px the rows are cards that open the call (cardsOnAPhone); the export is the same at both widths.
  test("1440 px: every column fits; rows show start, campaign, duration, CSV fields; a row opens; export", async () => {
    // A Berlin team: every time in the list is on its clock; the dialog adds the campaign's, named.
    const page = await env.newPage({ width: 1440, height: 900, timezoneId: "Europe/Berlin" });
    await signIn(page, user);
    await page.goto(`/org/${slug}/call-logs`);
    await page.getByText("23 Calls").waitFor();
    assert.equal(await rows(page).count(), 10);
    assert.deepEqual(
      (await page.locator("thead th").allInnerTexts()).map((t) => t.trim()),
      COLUMNS,
    );
    assert.equal(await rows(page).first().locator("td").first().textContent(), "Li Wei");
    await page.getByText("1-10 of 23").waitFor();
    assert.equal(await page.getByRole("tab", { name: "Voice Call" }).getAttribute("aria-selected"), "true");
    // Out Bound by default; In Bound (calls to inbound campaigns) lists none of these outbound calls.
    assert.equal(await page.getByRole("button", { name: "Out Bound" }).getAttribute("aria-pressed"), "true");
    await page.getByRole("button", { name: "In Bound" }).click();
    await page.getByText("0 Calls").waitFor();
    await page.getByRole("button", { name: "Out Bound" }).click();
    await page.getByText("23 Calls").waitFor();
    assert.equal(await rows(page).first().locator("[data-status]").textContent(), "In Progress");

    // 15:30 UTC is 16:30 in Berlin (10:30 in New York); the contact was imported on 15 December, 08:00 UTC.
    assert.deepEqual(await cells(page, "Asha Rao"), [
      "Asha Rao",
      "+1 415 555 0101",
      "asha.rao@example.com",
      "Harbor Homes Spring Outreach",
      "Solar roof",
      "$12,000",
      "2026-02-01 16:30",
      "95s",
      "2025-12-15 09:00:00",
      "Scheduled",
      "—", // the campaign captures no qualifying answers
      "",
    ]);
    assert.deepEqual((await cells(page, "Omar Ali")).slice(3, 8), [
      "Harbor Homes Spring Outreach",
      "Heat pump",
      "—",
      "2026-02-02 11:00",
      "42s",
    ]);
    assert.deepEqual((await cells(page, "Lead 20")).slice(3, 8), ["—", "—", "—", "2026-01-20 10:00", "42s"]);

    await assertNoHorizontalOverflow(page, "[data-testid=call-logs-table]");
    const actions = await page.getByRole("columnheader", { name: "Actions" }).boundingBox();
    assert.ok(actions && actions.x + actions.width <= 1440, `Actions header is off screen: ${JSON.stringify(actions)}`);
    const view = await page.getByRole("button", { name: "View Details for Asha Rao" }).boundingBox();
    assert.ok(view && view.x + view.width <= 1440, "the row's actions are on screen");
    await env.screenshot(page, "call-logs-1440");
    await cardsOnAPhone(page);

    // A click anywhere on the row opens the call.
    await page.getByRole("cell", { name: "Solar roof" }).click();
    const dialog = await assertDialog(page);
    await dialog.getByText("Turn 1: 420 ms").waitFor();
    assert.equal(await dialog.locator('[data-fact="Placed by"]').innerText(), "Sam Rivera");
    await env.screenshot(page, "call-logs-details-1440");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Page 3" }).click();
    await page.getByText("21-23 of 23").waitFor();
    await page.getByRole("cell", { name: "Lead 01", exact: true }).waitFor();
    assert.equal(await rows(page).count(), 3);
    await page.getByRole("button", { name: "Previous page" }).click();
    await page.getByText("11-20 of 23").waitFor();
    await page.getByRole("cell", { name: "Lead 11", exact: true }).waitFor();
    // Changing the tab resets to the first page (the app passes the email and WhatsApp panels, so they are enabled).
    await page.getByRole("tab", { name: "Email" }).click();
    await page.getByRole("tab", { name: "Voice Call" }).click();
    await page.getByText("1-10 of 23").waitFor();

    await page.getByLabel("Search call logs").fill("ASHA");
    await page.getByText("1 Call", { exact: true }).waitFor();
    await page.getByText("1-1 of 1").waitFor();
    assert.equal(await rows(page).count(), 1);
    await page.getByRole("button", { name: "View Details for Asha Rao" }).click();
    await assertDialog(page);
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

    await page.getByLabel("Search call logs").fill("nobody at all");
    await page.getByText("No voice call logs available.").waitFor();
    await page.getByLabel("Search call logs").fill("lead 0");
    await page.getByText("9 Calls").waitFor();
    await page.getByRole("button", { name: "View Details for Lead 09" }).click();
    const plain = page.getByRole("dialog");
    await plain.getByText("No summary available for this call.").waitFor();
    await plain.getByText("No recording for this call.").waitFor();
    await plain.getByText("No transcript for this call.").waitFor();
    assert.equal(await plain.locator('[data-fact="Campaign"]').innerText(), "—");
    await plain.getByRole("button", { name: "Close" }).click();
    await plain.waitFor({ state: "detached" });

    await page.getByLabel("Search call logs").fill("omar");
    await page.getByText("1 Call", { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export Call Logs" }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^call-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path(), "utf8");
    const lines = csv.trim().split(/\r?\n/);
    assert.equal(lines.length, 2, csv);
    assert.match(
      lines[1]!,
      new RegExp(
        String.raw`^Omar Ali,'\+14155550100,ana@example.com,Heat pump,,2026-02-02 05:00,2025-12-15 08:` +
          String.raw`00:00,interested,OUTBOUND,42,,Harbor Homes Spring Outreach,,$`,
      ),
    );
    await page.getByText("Export completed! File downloaded successfully.").waitFor();
    await page.context().close();
  });

  test("one clip at a time: play, switch, pause and stop", async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    const served: number[] = [];
    page.on("response", (r) => r.url().includes("/api/recordings/") && served.push(r.status()));
    await signIn(page, user);
    await page.goto(`/org/${slug}/call-logs`);
    await page.getByText("23 Calls").waitFor();
    assert.equal(
      await page.getByRole("button", { name: /Play Audio for Lead/ }).count(),
      0,
      "no button without a recording",
    );
    await page.getByRole("button", { name: "Play Audio for Asha Rao" }).click();
    await page.getByRole("button", { name: "Pause Audio for Asha Rao" }).waitFor();
    await page.getByRole("button", { name: "Stop Audio for Asha Rao" }).waitFor();
    assert.equal(await page.getByRole("dialog").count(), 0, "the row's buttons do not open the call");
    await page.getByRole("button", { name: "Play Audio for Omar Ali" }).click();
    await page.getByRole("button", { name: "Pause Audio for Omar Ali" }).waitFor();
    await page.getByRole("button", { name: "Play Audio for Asha Rao" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Stop Audio for Asha Rao" }).count(), 0);
    await page.getByRole("button", { name: "Pause Audio for Omar Ali" }).click();
    await page.getByRole("button", { name: "Play Audio for Omar Ali" }).waitFor();
    await page.getByRole("button", { name: "Stop Audio for Omar Ali" }).click();
    await page.getByRole("button", { name: "Stop Audio for Omar Ali" }).waitFor({ state: "detached" });
    assert.ok(served.length > 0 && served.every((s) => s === 200 || s === 206), `recordings served: ${served}`);
    await page.context().close();
  });

  test("a recording still waiting for the file store reads 'Recording pending', with nothing to play", async () => {
    // As the call runner leaves it when the store is down (features/calls/recording-uploads.ts); its next try
    // is an hour away, so the server's retry loop leaves it pending during the test.
    await env.db.query(
      `insert into pending_recordings (call_id, org_id, storage_key, body, next_attempt_at)
       select id, org_id, recording_key, '\\x00'::bytea, now() + interval '1 hour' from calls
         where lead_name = 'Omar Ali'`,
    );
    try {
      // The same steps on a phone: the dialog is looked at on a 390 px screen too.
      const page = await env.newPage({ width: 1440, height: 900 });
      await signIn(page, user);
      await page.goto(`/org/${slug}/call-logs`);
      await page.getByRole("button", { name: "View Details for Omar Ali" }).click();
      const dialog = page.getByRole("dialog", { name: "Conversation Summary" });
      const pending = dialog.getByText("Recording pending: it is being saved and will play here once stored.");
      const nothingToPlay = async () => {
        await pending.waitFor();
        assert.equal(await dialog.getByLabel("Call recording").count(), 0);
        assert.equal(
          await page.getByRole("button", { name: "Play Audio for Omar Ali" }).count(),
          0,
          "no play button until it is stored",
        );
      };
      await nothingToPlay();
      // The dialog fades in: the picture is taken once it is fully shown.
      await page.waitForFunction(() =>
        [...document.querySelectorAll(".MuiDialog-container")].every((e) => getComputedStyle(e).opacity === "1"),
      );
      await env.screenshot(page, "call-logs-recording-pending-1440");
      await atPhoneWidth(env, page, "call-logs-recording-pending", nothingToPlay);
      await page.context().close();
    } finally {
      await env.db.query("delete from pending_recordings");
    }
  });
});
