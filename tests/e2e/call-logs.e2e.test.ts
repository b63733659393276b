import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { encodeWav } from "@parley/voice/audio/wav";
import { startE2E, type E2E } from "../support/e2e.ts";
import { dbKinds, openTestDb } from "../support/test-db.ts";
import { registerViaApi, signIn, type E2EUser } from "../support/e2e-users.ts";
import type { Db } from "../../apps/server/src/platform/db.ts";
import { insertCalls, type TestCall } from "../../apps/server/src/features/calls/call-history.test-data.ts";

// Calls are seeded into a PostgreSQL database the server shares with this test (PGlite is one process only);
// recordings are real WAV files in the server's storage folder, where the call runner puts them.
const postgres = (await dbKinds()).includes("postgres");

describe("Conversation Logs: voice calls", { skip: !postgres && "needs the machine's PostgreSQL" }, () => {
  let env: E2E;
  let db: Db;
  let drop: () => Promise<void>;
  let user: E2EUser;
  let slug: string;
  before(async () => {
    const opened = await openTestDb("postgres");
    ({ db, drop } = opened);
    env = await startE2E({ env: { DATABASE_URL: opened.url!, DIALER: "0" } });
    user = await registerViaApi(env.baseUrl);
    const login = await fetch(`${env.baseUrl}/api/auth/login`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email_or_username: user.username, password: user.password }),
    });
    const { user: me } = (await login.json()) as { user: { organization_id: string; organization_slug_name: string } };
    slug = me.organization_slug_name;
    await seed(me.organization_id);
  });
  after(async () => {
    await env?.close();
    await drop?.();
  });

  /** 23 calls: two recorded (3 s of tone each), one with a summary and transcript, one still running. */
  async function seed(orgId: string) {
    const tone = new Int16Array(8000 * 3 * 2).map((_, i) => Math.round(6000 * Math.sin(i / 4)));
    for (const name of ["rec-a", "rec-b"]) {
      const file = path.join(env.dataDir, "files", "recordings", orgId, `${name}.wav`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, encodeWav(tone, 8000, 2));
    }
    const calls: TestCall[] = Array.from({ length: 20 }, (_, i) => ({
      lead_name: `Lead ${String(i + 1).padStart(2, "0")}`, lead_email: `lead${i + 1}@example.com`, outcome: i % 2 ? "not_interested" : "follow_up",
      started_at: new Date(Date.UTC(2026, 0, 1 + i, 9)).toISOString(),
    }));
    calls.push(
      { lead_name: "Asha Rao", budget: "$12,000", service: "Solar roof", outcome: "scheduled", summary: "Booked a site visit for Friday.", recording_key: `recordings/${orgId}/rec-a.wav`, started_at: "2026-02-01T10:00:00Z",
        transcript: [{ speaker: "agent", text: "Hi Asha, this is Parley.", startMs: 0, endMs: 1500 }, { speaker: "callee", text: "Friday works for me.", startMs: 2000, endMs: 3200 }],
        extracted: { budget: "$12,000" }, latency: [{ turn: 1, endOfSpeech: 3200, sttFinal: 3300, brainFirstToken: 3500, ttsFirstAudio: 3600, firstFrameSent: 3620 }] },
      { lead_name: "Omar Ali", outcome: "interested", recording_key: `recordings/${orgId}/rec-b.wav`, started_at: "2026-02-02T10:00:00Z" },
      { lead_name: "Li Wei", status: "in_progress", outcome: null, ended: false, started_at: "2026-02-03T10:00:00Z" },
    );
    await insertCalls(db, orgId, calls);
  }

  const rows = (page: Page) => page.getByTestId("call-log-row");

  test("rows, search, paging and details at 1280 px", async () => {
    const page = await env.newPage({ width: 1280, height: 900 });
    await signIn(page, user);
    await page.goto(`/org/${slug}/call-logs`);
    await page.getByText("23 Calls").waitFor();
    assert.equal(await rows(page).count(), 10);
    assert.equal(await rows(page).first().locator("td").first().textContent(), "Li Wei");
    await page.getByText("1-10 of 23").waitFor();
    assert.equal(await page.getByRole("tab", { name: "Voice Call" }).getAttribute("aria-selected"), "true");
    assert.equal(await page.getByRole("button", { name: "In Bound" }).isDisabled(), true);
    assert.equal(await rows(page).first().locator("[data-status]").textContent(), "In Progress");
    await env.screenshot(page, "call-logs-1280");

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

    await page.getByLabel("Search call logs").fill("SOLAR");
    await page.getByText("1 Call", { exact: true }).waitFor();
    await page.getByText("1-1 of 1").waitFor();
    assert.equal(await rows(page).count(), 1);
    await page.getByRole("button", { name: "View Details for Asha Rao" }).click();
    const dialog = page.getByRole("dialog", { name: "Conversation Summary" });
    await dialog.getByText("Booked a site visit for Friday.").waitFor();
    await dialog.getByText("Friday works for me.").waitFor();
    await dialog.getByText("Turn 1: 420 ms").waitFor();
    await env.screenshot(page, "call-logs-details-1280");
    await dialog.getByRole("button", { name: "Close" }).click();

    await page.getByLabel("Search call logs").fill("nobody at all");
    await page.getByText("No voice call logs available.").waitFor();
    await page.getByLabel("Search call logs").fill("lead 0");
    await page.getByText("9 Calls").waitFor();
    await page.getByRole("button", { name: "View Details for Lead 09" }).click();
    await page.getByRole("dialog").getByText("No summary available for this call.").waitFor();
    await page.getByRole("button", { name: "Close" }).click();
    await page.context().close();
  });

  test("one clip at a time: play, switch, pause and stop", async () => {
    const page = await env.newPage({ width: 1280, height: 900 });
    const served: number[] = [];
    page.on("response", (r) => r.url().includes("/api/recordings/") && served.push(r.status()));
    await signIn(page, user);
    await page.goto(`/org/${slug}/call-logs`);
    await page.getByText("23 Calls").waitFor();
    assert.equal(await page.getByRole("button", { name: /Play Audio for Lead/ }).count(), 0, "no button without a recording");
    await page.getByRole("button", { name: "Play Audio for Asha Rao" }).click();
    await page.getByRole("button", { name: "Pause Audio for Asha Rao" }).waitFor();
    await page.getByRole("button", { name: "Stop Audio for Asha Rao" }).waitFor();
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

  test("export downloads the server's CSV; the page fits 390 px", async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    await signIn(page, user);
    await page.goto(`/org/${slug}/call-logs`);
    await page.getByText("23 Calls").waitFor();
    await page.getByLabel("Search call logs").fill("omar");
    await page.getByText("1 Call", { exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export Call Logs" }).click()]);
    assert.match(download.suggestedFilename(), /^call-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path(), "utf8");
    const lines = csv.trim().split(/\r?\n/);
    assert.equal(lines.length, 2, csv);
    assert.match(lines[1]!, /^Omar Ali,'\+14155550100,/);
    await page.getByText("Export completed! File downloaded successfully.").waitFor();
    await page.getByLabel("Search call logs").fill("");
    await page.getByText("23 Calls").waitFor();
    await env.screenshot(page, "call-logs-390");
    await page.context().close();
  });
});
