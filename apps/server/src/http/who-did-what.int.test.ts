import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createToneTts, echoBrain } from "@parley/voice/providers/instant-providers";
import { createSimulatedTelephony } from "@parley/voice/telephony/simulated/simulated-telephony";
import { numbersInHoursNow } from "../../../../tests/support/in-hours-numbers.ts";
import { addTeamMember } from "../../../../tests/support/team-members.ts";
import { assertOrgIsolation } from "../../../../tests/support/tenancy.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../tests/support/test-db.ts";
import { until } from "../../../../tests/support/until.ts";
import { createScriptedStt } from "../../../../tests/support/voice/test-providers.ts";
import { openWebCall } from "../../../../tests/support/web-call-client.ts";
import { createDialerRepo } from "../features/dialer/dialer.repo.ts";
import { insertCall, insertCampaign, insertContact } from "../../../../tests/support/seed.ts";

/**
 * Who did what, across the lists that show it: campaigns, knowledge-base items, do-not-call numbers and calls
 * placed by hand record the person who wrote them, and each list names them. Two people of one organisation
 * take turns so a name can only be right if it follows the writer.
 */
for (const kind of await routeDbKinds()) {
  describe(`who did what (${kind})`, () => {
    let t: TestApp;
    let owner: TestUser; // Ada Lovelace
    let admin: TestUser; // Grace Hopper
    let member: TestUser; // named by username only
    const ws = (path: string) => t.baseUrl.replace(/^http/, "ws") + path;

    before(async () => {
      t = await startTestApp(kind, {
        voice: {
          telephony: createSimulatedTelephony({ tts: createToneTts(200), ringMs: 100 }),
          stt: createScriptedStt(["ok bye", "ok bye"]),
          tts: createToneTts(300),
          brain: echoBrain,
          defaultVoiceId: "tone",
          recording: false,
        },
      });
      owner = await buildUser(t);
      admin = await addTeamMember(t, owner, "admin");
      member = await addTeamMember(t, owner, "member");
      await t.db.query("update users set first_name = '', last_name = '' where id = $1", [member.userId]);
    });
    after(() => t.close());

    test("campaigns: created by one person, changed by the next (edit, lifecycle, copy), in list, detail", async () => {
      const created = await t.request("POST", "/api/create_campaign", {
        token: owner.token,
        body: { name: "Spring", save_as_draft: true },
      });
      assert.equal(created.status, 201, created.text);
      const id = created.body.campaign.id as string;
      assert.equal(created.body.campaign.created_by_name, "Ada Lovelace");
      assert.equal(created.body.campaign.updated_by_name, "Ada Lovelace");

      const edited = await t.request("PUT", `/api/campaigns/${id}`, {
        token: admin.token,
        body: { description: "Second pass" },
      });
      assert.equal(edited.status, 200, edited.text);
      assert.equal(edited.body.campaign.created_by_name, "Ada Lovelace");
      assert.equal(edited.body.campaign.updated_by_name, "Grace Hopper");

      const list = await t.request("GET", "/api/campaigns", { token: owner.token });
      const row = list.body.campaigns.find((c: { id: string }) => c.id === id);
      assert.deepEqual([row.created_by_name, row.updated_by_name], ["Ada Lovelace", "Grace Hopper"]);

      const launched = await t.request("POST", `/api/campaigns/${id}/launch`, { token: owner.token });
      assert.equal(launched.status, 200, launched.text);
      assert.equal(launched.body.campaign.updated_by_name, "Ada Lovelace");
      const paused = await t.request("POST", `/api/campaigns/${id}/pause`, { token: member.token });
      assert.equal(paused.status, 200, paused.text);
      assert.equal(paused.body.campaign.updated_by_name, member.username, "no first or last name: the username");
      const detail = await t.request("GET", `/api/campaigns/${id}`, { token: admin.token });
      assert.deepEqual(
        [detail.body.campaign.created_by_name, detail.body.campaign.updated_by_name],
        ["Ada Lovelace", member.username],
      );

      const copy = await t.request("POST", `/api/campaigns/${id}/duplicate`, { token: admin.token });
      assert.equal(copy.status, 201, copy.text);
      assert.deepEqual(
        [copy.body.campaign.created_by_name, copy.body.campaign.updated_by_name],
        ["Grace Hopper", "Grace Hopper"],
      );

      // The dialer completing a launched campaign is nobody's change: who changed it last is then unknown.
      const run = await t.request("POST", "/api/create_campaign", {
        token: admin.token,
        body: { name: "No contacts" },
      });
      assert.equal(run.body.campaign.status, "active", run.text);
      assert.ok(await createDialerRepo(t.db).completeCampaignIfDone(run.body.campaign.id));
      const completed = await t.request("GET", `/api/campaigns/${run.body.campaign.id}`, { token: owner.token });
      assert.deepEqual(
        [
          completed.body.campaign.status,
          completed.body.campaign.created_by_name,
          completed.body.campaign.updated_by_name,
        ],
        ["completed", "Grace Hopper", null],
      );

      await assertOrgIsolation(t, owner, { method: "GET", path: `/api/campaigns/${id}` });
      const stranger = await buildUser(t);
      assert.equal((await t.request("GET", "/api/campaigns", { token: stranger.token })).body.total, 0);
    });

    test("knowledge base: files and URLs are listed with who added them", async () => {
      const form = new FormData();
      form.append("files", new Blob(["Opening hours are nine to five."], { type: "text/plain" }), "hours.txt");
      const file = await t.request("POST", "/api/knowledge-base/upload", { token: owner.token, body: form });
      assert.equal(file.status, 201, file.text);
      assert.equal(file.body.data.documents[0].added_by_name, "Ada Lovelace");
      // A private address is refused at fetch time (the item is kept, failed): who added it is what counts here.
      const url = await t.request("POST", "/api/voice/KB/bulk-upload-urls", {
        token: admin.token,
        body: { urls_data: [{ url: "http://127.0.0.1:9/faq", name: "FAQ" }] },
      });
      assert.equal(url.status, 201, url.text);
      assert.equal(url.body.data.documents[0].added_by_name, "Grace Hopper");

      const list = await t.request("GET", "/api/voice/KB/documents", { token: member.token });
      const byName = Object.fromEntries(
        list.body.data.documents.map((d: { name: string; added_by_name: string }) => [d.name, d.added_by_name]),
      );
      assert.deepEqual(byName, { hours: "Ada Lovelace", FAQ: "Grace Hopper" });

      // A change to an item's name or description names who made it, in the answer and in the list.
      const changed = await t.request("PUT", `/api/knowledge-base/${file.body.data.documents[0].id}`, {
        token: admin.token,
        body: { description: "When we open" },
      });
      assert.equal(changed.status, 200, changed.text);
      assert.deepEqual(
        [changed.body.data.document.added_by_name, changed.body.data.document.updated_by_name],
        ["Ada Lovelace", "Grace Hopper"],
      );
      const again = await t.request("GET", "/api/voice/KB/documents", { token: member.token });
      const hours = again.body.data.documents.find((d: { name: string }) => d.name === "hours");
      assert.deepEqual([hours.added_by_name, hours.updated_by_name], ["Ada Lovelace", "Grace Hopper"]);
      assert.equal(
        again.body.data.documents.find((d: { name: string }) => d.name === "FAQ").updated_by_name,
        null,
        "never changed",
      );
      await assertOrgIsolation(t, owner, {
        method: "GET",
        path: `/api/voice/KB/documents/${file.body.data.documents[0].id}`,
      });
      const stranger = await buildUser(t);
      assert.deepEqual(
        (await t.request("GET", "/api/voice/KB/documents", { token: stranger.token })).body.data.documents,
        [],
      );
    });

    test("do-not-call: added by hand and imported name the person; an opt-out on a call names no one", async () => {
      assert.equal(
        (await t.request("POST", "/api/dnc", { token: admin.token, body: { phone: "+14155550100" } })).status,
        201,
      );
      const csv = new FormData();
      csv.append("file", new Blob(["phone\n+14155550101\n"], { type: "text/csv" }), "dnc.csv");
      assert.equal((await t.request("POST", "/api/dnc", { token: owner.token, body: csv })).body.added, 1);
      await t.services.dnc.markFromCall(owner.orgId, "+14155550102", "Asked on the call");

      const list = await t.request("GET", "/api/dnc", { token: member.token });
      const byPhone = Object.fromEntries(
        list.body.numbers.map((n: { phone: string; source: string; added_by_name: string | null }) => [
          n.phone,
          [n.source, n.added_by_name],
        ]),
      );
      assert.deepEqual(byPhone, {
        "+14155550100": ["manual", "Grace Hopper"],
        "+14155550101": ["csv", "Ada Lovelace"],
        "+14155550102": ["call", null],
      });
      const stranger = await buildUser(t);
      assert.equal((await t.request("GET", "/api/dnc", { token: stranger.token })).body.total, 0);
    });

    test("calls: ring now and the browser test call name who placed them; the dialer's calls name no one", async () => {
      const campaignId = await insertCampaign(t.db, owner.orgId, { name: "Calls", service: "plans", timezone: "UTC" });
      const phone = numbersInHoursNow(1, 90_000 + Math.floor(Math.random() * 5_000))[0]!;
      const contact = { name: "Ana", first_name: "Ana", phone_e164: phone, persona: "say:ok bye" };
      const contactId = await insertContact(t.db, owner.orgId, campaignId, contact);
      await insertCall(t.db, owner.orgId, { campaign_id: campaignId, lead_phone: "+14155550199", status: "completed" });

      const rang = await t.request("POST", "/api/calls", {
        token: member.token,
        body: { campaign_id: campaignId, contact_id: contactId },
      });
      assert.equal(rang.status, 202, rang.text);
      const ticket = await t.request("POST", `/api/campaigns/${campaignId}/test-call`, { token: admin.token });
      const web = await openWebCall(ws(ticket.body.ws_url));
      const ready = await web.waitFor("ready");
      web.send({ type: "hangup" });
      await web.closed;
      await until(
        async () =>
          (await t.request("GET", `/api/calls/${rang.body.call.id}`, { token: owner.token })).body.call.ended_at !==
          null,
        {
          ms: 30_000,
          what: "the call by hand ended",
        },
      );

      const history = await t.request("GET", `/api/call-history?campaign_id=${campaignId}`, { token: owner.token });
      const names = history.body.call_history.map((c: { id: string; placed_by_name: string | null }) => [
        c.id,
        c.placed_by_name,
      ]);
      assert.equal(names.length, 3);
      assert.deepEqual(
        Object.fromEntries(names.filter(([id]: [string]) => id === rang.body.call.id || id === ready.call_id)),
        {
          [rang.body.call.id]: member.username,
          [ready.call_id]: "Grace Hopper",
        },
      );
      assert.equal(names.filter(([, name]: [string, string | null]) => name === null).length, 1, "the dialer's call");
      const detail = await t.request("GET", `/api/call-history/${ready.call_id}`, { token: member.token });
      assert.equal(detail.body.call.placed_by_name, "Grace Hopper");
      await assertOrgIsolation(t, owner, { method: "GET", path: `/api/call-history/${ready.call_id}` });
    });
  });
}
