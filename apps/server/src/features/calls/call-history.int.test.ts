import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { insertCalls, insertContacts } from "../../../../../tests/support/call-history-data.ts";
import { insertAgentMeeting, insertCampaign } from "../../../../../tests/support/seed.ts";

type Row = {
  id: string;
  lead_name: string;
  status: string;
  date: string;
  time: string;
  audio_url: string | null;
  property: string;
  budget: string;
  started_at: string;
  timezone: string;
  created_at: string;
  campaign_name: string | null;
  campaign_id: string | null;
  call_duration_secs: number;
};

for (const kind of await routeDbKinds()) {
  describe(`call history on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    let campaignId: string;
    let ids: string[];
    const list = async (qs: string) => {
      const res = await t.request<{
        call_history: Row[];
        total: number;
        total_capped: boolean;
        page: number;
        page_size: number;
      }>("GET", `/api/call-history?${qs}`, { token: owner.token });
      assert.equal(res.status, 200, res.text);
      return res.body;
    };
    const names = async (qs: string) => (await list(qs)).call_history.map((r) => r.lead_name);

    before(async () => {
      t = await startTestApp(kind);
      owner = await buildUser(t);
      campaignId = await insertCampaign(t.db, owner.orgId, { name: "Spring", service: "solar" });
      ids = await insertCalls(t.db, owner.orgId, [
        {
          lead_name: "Omar Ali",
          lead_email: "omar@acme.io",
          budget: "$5,000",
          outcome: "interested",
          started_at: "2026-03-01T09:15:00Z",
          campaign_id: campaignId,
        },
        {
          lead_name: "Bea Lin",
          lead_phone: "+442071234567",
          outcome: "not_interested",
          started_at: "2026-03-02T10:30:00Z",
        },
        { lead_name: "Cy Park", outcome: "voicemail", started_at: "2026-03-03T11:45:00Z", summary: "Left a message." },
        {
          lead_name: "Dee 100% Real",
          status: "no_answer",
          outcome: "no_answer",
          started_at: "2026-03-04T08:00:00Z",
          duration_secs: 0,
        },
        {
          lead_name: "Eve Stone",
          status: "in_progress",
          outcome: null,
          ended: false,
          started_at: "2026-03-05T12:00:00Z",
        },
        { lead_name: "Fay Inbound", direction: "INBOUND", outcome: "follow_up", started_at: "2026-03-06T13:00:00Z" },
        { lead_name: "Gus Meet", outcome: "scheduled", started_at: "2026-03-07T14:00:00Z", campaign_id: campaignId },
      ]);
    });
    after(() => t.close());

    test("the list answers the spec's record, newest call first, with totals", async () => {
      const body = await list("");
      assert.deepEqual([body.total, body.total_capped, body.page, body.page_size], [7, false, 1, 10]);
      assert.deepEqual(
        body.call_history.map((r) => r.lead_name),
        ["Gus Meet", "Fay Inbound", "Eve Stone", "Dee 100% Real", "Cy Park", "Bea Lin", "Omar Ali"],
      );
      const omar = body.call_history.at(-1)!;
      assert.deepEqual(omar, {
        ...omar,
        lead_email: "omar@acme.io",
        property: "premium plan",
        type_of_property: "",
        budget: "$5,000",
        // 09:15 UTC in the campaign's zone (Asia/Kolkata, the default: UTC+5:30).
        date: "2026-03-01",
        time: "14:45",
        started_at: "2026-03-01T09:15:00.000Z",
        timezone: "Asia/Kolkata",
        status: "interested",
        direction: "OUTBOUND",
        call_duration_secs: 42,
        audio_url: null,
        campaign_id: campaignId,
        campaign_name: "Spring",
      });
      const bea = body.call_history.at(-2)!;
      assert.deepEqual(
        [bea.date, bea.time, bea.timezone, bea.campaign_name],
        ["2026-03-02", "10:30", "UTC", null],
        "no campaign: UTC",
      );
      assert.deepEqual(
        body.call_history.map((r) => r.status),
        ["scheduled", "follow_up", "in_progress", "no_answer", "voicemail", "not_interested", "interested"],
      );
    });

    test("filters by direction, status, campaign and date range on the server", async () => {
      assert.deepEqual(await names("direction=INBOUND"), ["Fay Inbound"]);
      assert.equal((await list("direction=out%20bound")).total, 6);
      assert.deepEqual(await names("status=in_progress"), ["Eve Stone"]);
      assert.deepEqual(await names("status=not_interested"), ["Bea Lin"]);
      assert.deepEqual(await names(`campaign_id=${campaignId}`), ["Gus Meet", "Omar Ali"]);
      assert.deepEqual(await names("from=2026-03-02&to=2026-03-03"), ["Cy Park", "Bea Lin"]);
      assert.deepEqual(await names("from=2026-03-06&direction=OUTBOUND&status=scheduled"), ["Gus Meet"]);
    });

    test("search is case-insensitive across name, phone, email, budget, date-time and status", async () => {
      assert.deepEqual(await names("search=OMAR"), ["Omar Ali"]);
      assert.deepEqual(await names("search=acme.IO"), ["Omar Ali"]);
      assert.deepEqual(await names("search=%2B44207"), ["Bea Lin"]);
      assert.deepEqual(await names("search=5%2C000"), ["Omar Ali"]);
      assert.deepEqual(await names("search=2026-03-03%2011:45"), ["Cy Park"]);
      assert.deepEqual(await names("search=not%20interested"), ["Bea Lin"]);
      assert.deepEqual(await names("search=100%25"), ["Dee 100% Real"], "% is a literal, not a wildcard");
      assert.equal((await list("search=nobody-by-this-name")).total, 0);
    });

    test("pages with 5/10/25/50 rows and rejects other sizes with a clear message", async () => {
      const p2 = await list("page_size=5&page=2");
      assert.deepEqual([p2.total, p2.page, p2.page_size], [7, 2, 5]);
      assert.deepEqual(
        p2.call_history.map((r) => r.lead_name),
        ["Bea Lin", "Omar Ali"],
      );
      assert.equal((await list("page=9")).call_history.length, 0);
      const bad = await t.request("GET", "/api/call-history?page_size=7", { token: owner.token });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error.message, "page_size must be 5, 10, 25 or 50.");
      const badStatus = await t.request("GET", "/api/call-history?status=happy", { token: owner.token });
      assert.equal(badStatus.status, 400);
      const badDate = await t.request("GET", "/api/call-history?from=03/01/2026", { token: owner.token });
      assert.equal(badDate.body.error.message, "from must be a date such as 2026-01-31.");
    });

    test("totals follow calls that finish, change campaign or are deleted", async () => {
      const [a, b] = await insertCalls(t.db, owner.orgId, [
        {
          lead_name: "Zed Running",
          status: "ringing",
          outcome: null,
          ended: false,
          started_at: "2025-01-01T00:00:00Z",
        },
        { lead_name: "Zed Gone", outcome: "busy", status: "busy", started_at: "2025-01-02T00:00:00Z" },
      ]);
      assert.equal((await list("status=in_progress")).total, 2);
      await t.db.query(
        "update calls set status = 'in_progress', transcript = transcript || '[]'::jsonb where id = $1",
        [a],
      );
      assert.equal((await list("status=in_progress")).total, 2, "an update that changes no status counts nothing");
      await t.db.query(
        `update calls set status = 'completed', outcome = 'interested', ended_at = now(), campaign_id = $2
          where id = $1`,
        [a, campaignId],
      );
      assert.deepEqual([(await list("status=in_progress")).total, (await list("status=interested")).total], [1, 2]);
      assert.equal((await list(`campaign_id=${campaignId}&status=interested`)).total, 2);
      await t.db.query("delete from calls where id = $1", [b]);
      assert.equal((await list("status=busy")).total, 0);
      await t.db.query("delete from calls where id = $1", [a]);
      assert.deepEqual([(await list("")).total, (await list("status=interested")).total], [7, 1]);
    });

    test("date and time: the call's start in its campaign's zone; CSV columns fill Services and Budget", async () => {
      const other = await buildUser(t);
      const harborId = await insertCampaign(t.db, other.orgId, {
        name: "Harbor Homes",
        service: "sales",
        timezone: "America/New_York",
      });
      const imported = "2025-11-20T08:00:00Z";
      const [withBoth, serviceOnly, productOnly, noColumns] = await insertContacts(t.db, other.orgId, harborId, [
        {
          name: "Asha Rao",
          phone: "+14155550101",
          created_at: imported,
          variables: { services_product: "Solar roof", budget: "$12,000", company: "Acme" },
        },
        { name: "Ben Ode", phone: "+14155550102", created_at: imported, variables: { SERVICE: "Heat pump" } },
        {
          name: "Cat Lee",
          phone: "+14155550103",
          created_at: imported,
          variables: { "Product ": "Battery", " Budget": " 5k " },
        },
        { name: "Dan Fox", phone: "+14155550104", created_at: imported, variables: { company: "Initech" } },
      ]);
      // The dialer copies the campaign's service ('sales') onto each call;
      // only what the lead's CSV (or the call) says is shown.
      const calls = [
        { lead_name: "Asha Rao", contact_id: withBoth, started_at: "2026-03-08T02:30:00Z", duration_secs: 95 },
        { lead_name: "Ben Ode", contact_id: serviceOnly, started_at: "2026-03-09T14:05:00Z" },
        { lead_name: "Cat Lee", contact_id: productOnly, started_at: "2026-03-10T15:00:00Z" },
        { lead_name: "Dan Fox", contact_id: noColumns, started_at: "2026-03-11T16:00:00Z" },
      ];
      await insertCalls(
        t.db,
        other.orgId,
        calls.map((c) => ({ ...c, campaign_id: harborId, service: "sales", budget: "" })),
      );
      const res = await t.request<{ call_history: Row[] }>("GET", "/api/call-history", { token: other.token });
      assert.equal(res.status, 200, res.text);
      const byName = Object.fromEntries(res.body.call_history.map((r) => [r.lead_name, r]));
      const asha = byName["Asha Rao"]!;
      // 02:30 UTC on 8 March is 21:30 the evening before in New York (EST,
      // before that morning's change to summer time).
      assert.deepEqual(
        [
          asha.started_at,
          asha.date,
          asha.time,
          asha.timezone,
          asha.campaign_name,
          asha.campaign_id,
          asha.call_duration_secs,
        ],
        ["2026-03-08T02:30:00.000Z", "2026-03-07", "21:30", "America/New_York", "Harbor Homes", harborId, 95],
      );
      assert.equal(asha.created_at, "2025-11-20T08:00:00.000Z", "created_at is the lead's import");
      assert.notEqual(`${asha.date}T${asha.time}`, imported.slice(0, 16), "the call's date is not the import's");
      // After the change to summer time (EDT, UTC-4).
      assert.deepEqual([byName["Ben Ode"]!.date, byName["Ben Ode"]!.time], ["2026-03-09", "10:05"]);
      assert.deepEqual(
        ["Asha Rao", "Ben Ode", "Cat Lee", "Dan Fox"].map((n) => [byName[n]!.property, byName[n]!.budget]),
        [
          ["Solar roof", "$12,000"],
          ["Heat pump", ""],
          ["Battery", "5k"],
          ["", ""],
        ],
      );
      const detail = await t.request("GET", `/api/call-history/${asha.id}`, { token: other.token });
      assert.deepEqual(
        [
          detail.body.call.started_at,
          detail.body.call.date,
          detail.body.call.time,
          detail.body.call.campaign_name,
          detail.body.call.property,
        ],
        ["2026-03-08T02:30:00.000Z", "2026-03-07", "21:30", "Harbor Homes", "Solar roof"],
      );
      const csv = await fetch(`${t.baseUrl}/api/call-history/export?search=asha`, {
        headers: { authorization: `Bearer ${other.token}` },
      });
      const text = await csv.text();
      assert.match(
        text,
        new RegExp(
          String.raw`Asha Rao,'\+14155550100,ana@example.com,Solar roof,"\$12,000",2026-03-07 21:30,2` +
            String.raw`025-11-20 08:00:00,interested,OUTBOUND,95,,Harbor Homes`,
        ),
      );
      // A deleted campaign or contact leaves its calls readable, written in UTC.
      await t.db.query("delete from campaigns where id = $1", [harborId]);
      const after = await t.request<{ call_history: Row[] }>("GET", "/api/call-history", { token: other.token });
      const orphan = after.body.call_history.find((r) => r.lead_name === "Asha Rao")!;
      assert.deepEqual(
        [orphan.date, orphan.time, orphan.timezone, orphan.campaign_name, orphan.started_at],
        ["2026-03-08", "02:30", "UTC", null, "2026-03-08T02:30:00.000Z"],
      );
    });

    test("another organisation sees none of these calls; no token is 401", async () => {
      const stranger = await buildUser(t);
      const theirs = await t.request("GET", "/api/call-history", { token: stranger.token });
      assert.deepEqual([theirs.status, theirs.body.total, theirs.body.call_history.length], [200, 0, 0]);
      assert.equal((await t.request("GET", "/api/call-history")).status, 401);
      // Deleting an organisation takes its calls and its counters with it.
      await insertCalls(t.db, stranger.orgId, [{ lead_name: "Theirs" }]);
      await t.db.query("delete from organizations where id = $1", [stranger.orgId]);
      assert.deepEqual(await t.db.query("select n from call_log_counts where org_id = $1", [stranger.orgId]), []);
    });

    test("details hold the transcript, outcome, extracted fields, latency and the booked meeting", async () => {
      const [callId] = await insertCalls(t.db, owner.orgId, [
        {
          lead_name: "Hal Detail",
          lead_phone: "+442071234567",
          outcome: "scheduled",
          summary: "Booked a demo for Tuesday.",
          campaign_id: campaignId,
          transcript: [
            { speaker: "agent", text: "Hi, this is Parley.", startMs: 0, endMs: 1200 },
            { speaker: "callee", text: "Tuesday works.", startMs: 1500, endMs: 2600, interrupted: false },
          ],
          extracted: { budget: "$9,000", meeting_time: "2026-03-10T15:00:00Z" },
          latency: [
            {
              turn: 1,
              endOfSpeech: 2600,
              sttFinal: 2700,
              brainFirstToken: 2900,
              ttsFirstAudio: 3000,
              firstFrameSent: 3010,
            },
          ],
        },
      ]);
      await insertAgentMeeting(t.db, owner.orgId, {
        title: "Demo with Hal",
        start_at: "2026-03-10T15:00:00Z",
        end_at: "2026-03-10T15:30:00Z",
        call_id: callId,
      });
      const res = await t.request("GET", `/api/call-history/${callId}`, { token: owner.token });
      assert.equal(res.status, 200, res.text);
      const c = res.body.call;
      assert.deepEqual(
        [c.summary, c.outcome, c.campaign_name, c.status],
        ["Booked a demo for Tuesday.", "scheduled", "Spring", "scheduled"],
      );
      assert.deepEqual(
        c.transcript.map((x: { speaker: string; text: string }) => `${x.speaker}: ${x.text}`),
        ["agent: Hi, this is Parley.", "callee: Tuesday works."],
      );
      assert.deepEqual(c.extracted, { budget: "$9,000", meeting_time: "2026-03-10T15:00:00Z" });
      assert.equal(c.latency[0].firstFrameSent, 3010);
      assert.deepEqual([c.meeting.title, c.meeting.start_time], ["Demo with Hal", "2026-03-10T15:00:00.000Z"]);
      // The clock the agent told Hal the time on: his number's (London), which the call's details show beside ours.
      assert.equal(c.meeting.contact_timezone, "Europe/London");
      const noMeeting = await t.request("GET", `/api/call-history/${ids[1]}`, { token: owner.token });
      assert.equal(noMeeting.body.call.meeting, null);
      await assertOrgIsolation(t, owner, { method: "GET", path: `/api/call-history/${callId}` });
      const junk = await t.request("GET", "/api/call-history/not-a-uuid", { token: owner.token });
      assert.equal(junk.status, 400);
    });
  });
}
