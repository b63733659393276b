import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pino from "pino";
import type { Experiment } from "@parley/shared/experiments";
import type { Funnel } from "@parley/shared/funnel";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { insertCall, insertContact, type CallSeed } from "../../../../../tests/support/seed.ts";
import { until } from "../../../../../tests/support/until.ts";
import { createDialerRepo } from "../dialer/dialer.repo.ts";
import { createDialerService } from "../dialer/dialer.service.ts";
import type { DialJob } from "../dialer/dialer.types.ts";

// 12 contacts in each of three countries: India, the United Kingdom and the United States (three time zones).
const PHONES = [
  ...Array.from({ length: 12 }, (_, i) => `+9198765${String(43100 + i)}`),
  ...Array.from({ length: 12 }, (_, i) => `+4479111234${String(10 + i)}`),
  ...Array.from({ length: 12 }, (_, i) => `+1415892${String(1000 + i)}`),
];
const CSV = `${["name,phone", ...PHONES.map((p, i) => `Lead ${i},${p}`)].join("\n")}\n`;
const VARIANTS = [
  { opening_line: "Hi {first_name}, quick question about your fleet.", goal: "Book a fleet review" },
  { opening_line: "Hello {first_name}, we cut fuel bills by a fifth.", goal: "Book a savings call" },
];
const AT = "2026-03-02T10:00:00Z";
const noAnswer: CallSeed = { started_at: AT, ended_at: AT, status: "no_answer", outcome: "no_answer" };
const answered = (outcome: string, secs: number): CallSeed => ({
  started_at: AT,
  answered_at: AT,
  ended_at: AT,
  status: "completed",
  outcome,
  duration_secs: secs,
});

for (const kind of await dbKinds()) {
  describe(`experiments over HTTP (${kind})`, () => {
    let t: TestApp;
    let u: TestUser;
    let voices: string[];
    let campaign: string;
    /** Contact id → label of its variant, and the contacts of each label. */
    let split: Map<string, string>;
    const byLabel = (label: string) => [...split].filter(([, l]) => l === label).map(([id]) => id);

    const experiment = async (id = campaign) => {
      const res = await t.request("GET", `/api/campaigns/${id}/experiment`, { token: u.token });
      assert.equal(res.status, 200, res.text);
      return res.body as Experiment;
    };
    const refused = async (res: { status: number; body: unknown; text: string }, status: number, message: RegExp) => {
      assert.equal(res.status, status, res.text);
      assert.match((res.body as { error: { message: string } }).error.message, message);
    };
    const assignments = () =>
      t.db.query<{ contact_id: string; label: string; zone: string; phone: string }>(
        `select cv.contact_id, v.label, cv.zone, c.phone_e164 as phone from contact_variants cv
           join campaign_variants v on v.id = cv.variant_id join contacts c on c.id = cv.contact_id
          where cv.campaign_id = $1`,
        [campaign],
      );

    before(async () => {
      t = await startTestApp(kind);
      u = await buildUser(t);
      voices = (await t.request("GET", "/api/voices", { token: u.token })).body.voices.map((v: { id: string }) => v.id);
    });
    after(() => t.close());

    test("a campaign created and launched with two variants splits its contacts evenly in each time zone", async () => {
      const form = new FormData();
      form.set("name", "Fleet outreach");
      form.set("voice_id", voices[0]!);
      form.set("variants", JSON.stringify([VARIANTS[0], { ...VARIANTS[1], voice_id: voices[1] }]));
      form.set("csv_file", new Blob([CSV], { type: "text/csv" }), "fleet.csv");
      const res = await t.request("POST", "/api/create_campaign", { token: u.token, body: form });
      assert.equal(res.status, 201, res.text);
      campaign = res.body.campaign.id;
      assert.equal(res.body.campaign.status, "active");
      const e = await experiment();
      assert.equal(e.state, "running");
      assert.deepEqual(
        e.variants.map((v) => [v.label, v.contacts, v.voice_id, v.dialled]),
        [
          ["A", 18, null, 0],
          ["B", 18, voices[1], 0],
        ],
      );
      const rows = await assignments();
      assert.equal(rows.length, 36);
      const zones = [...new Set(rows.map((r) => r.zone))].sort();
      assert.equal(zones.length, 3, zones.join());
      for (const zone of zones) {
        const inZone = rows.filter((r) => r.zone === zone);
        assert.deepEqual([inZone.filter((r) => r.label === "A").length, inZone.length], [6, 12], zone);
      }
      split = new Map(rows.map((r) => [r.contact_id, r.label]));
      await assertOrgIsolation(t, u, { method: "GET", path: `/api/campaigns/${campaign}/experiment` });
    });

    test("the dialer's calls speak the contact's variant: its opening line, goal and voice", async () => {
      const heard: { contact: string; opening: string; goal: string; voice: string | null }[] = [];
      const dialer = createDialerService({
        repo: createDialerRepo(t.db),
        placer: {
          // The runner's own read of a call's context (what placeCall hands the agent), then a quick no-answer.
          async place(job: DialJob) {
            const c = (await t.services.calls.runner.context(job.callId))!;
            heard.push({ contact: c.contact_id, opening: c.opening_line, goal: c.goal, voice: c.voice_id });
            return { outcome: "no_answer", durationSecs: 0 };
          },
        },
        // Tomorrow 09:00 UTC: 14:30 in Kolkata and 09:00 in London, inside the campaign's hours and those contacts'
        // legal hours (the US numbers wait: no hour is legal in every US zone and the campaign's at once).
        clock: { now: () => new Date(`${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T09:00:00Z`) },
        log: pino({ level: "silent" }),
        workerId: "experiments-test",
        isDoNotCall: async () => new Set(),
      });
      await dialer.tick();
      await until(async () => dialer.activeCalls() === 0 && heard.length > 0);
      assert.ok(heard.length >= 2, `${heard.length} calls placed`);
      for (const h of heard) {
        const label = split.get(h.contact)!;
        const v = VARIANTS[label === "A" ? 0 : 1]!;
        assert.deepEqual([h.opening, h.goal, h.voice], [v.opening_line, v.goal, label === "A" ? voices[0] : voices[1]]);
      }
      // Those calls are the dialer's business; the results below are counted from the calls this test writes.
      await t.db.query("delete from calls where campaign_id = $1", [campaign]);
      await t.db.query("delete from contact_variant_funnel where campaign_id = $1", [campaign]);
    });

    test("per variant: dialled, answered, conversations, booked, with intervals, and a verdict in words", async () => {
      const [a, b] = [byLabel("A").slice(0, 12), byLabel("B").slice(0, 12)];
      const calls: [string[], CallSeed][] = [
        [a.slice(0, 2), answered("scheduled", 200)],
        [a.slice(2, 6), answered("not_interested", 40)],
        [a.slice(6, 8), answered("voicemail", 25)],
        [a.slice(8, 12), noAnswer],
        [b.slice(0, 8), answered("scheduled", 200)],
        [b.slice(8, 10), answered("not_interested", 20)],
        [b.slice(10, 12), noAnswer],
      ];
      for (const [contacts, call] of calls)
        for (const id of contacts) await insertCall(t.db, u.orgId, { campaign_id: campaign, contact_id: id, ...call });
      const e = await experiment();
      const [va, vb] = e.variants;
      assert.deepEqual(
        [va, vb].map((v) => [v!.dialled, v!.answered, v!.conversations, v!.booked, v!.qualified]),
        [
          [12, 8, 6, 2, null],
          [12, 10, 8, 8, null],
        ],
      );
      // Wilson interval of 8/12, as R's prop.test(8, 12, correct = FALSE) gives it: 0.3906 to 0.8619.
      assert.ok(Math.abs(vb!.booking_rate.low - 0.3906) < 1e-3 && Math.abs(vb!.booking_rate.high - 0.8619) < 1e-3);
      assert.deepEqual(
        e.findings.map((f) => f.sentence),
        [
          "No clear difference in conversations over 30 s yet: B 67% vs A 50%, p = 0.41",
          "Variant B books more meetings: 67% vs 17%, p = 0.01",
        ],
      );
      assert.equal(e.qualified_counted, false);
      const res = await t.request(
        "GET",
        `/api/analytics/funnel?from=2026-03-01&to=2026-03-31&timezone=UTC&campaign_id=${campaign}`,
        { token: u.token },
      );
      const funnel = res.body as Funnel;
      assert.deepEqual(
        funnel.campaigns[0]!.variants!.map((v) => [
          v.label,
          v.dialled,
          v.answered,
          v.people,
          v.conversations,
          v.booked,
        ]),
        [
          ["A", 12, 8, 6, 6, 2],
          ["B", 12, 10, 10, 8, 8],
        ],
      );
    });

    test("changing the variants of a running experiment keeps what was recorded; their number is fixed", async () => {
      const before = await experiment();
      const edited = [VARIANTS[0], { ...VARIANTS[1], opening_line: "Hello {first_name}, fuel bills down by 20%." }];
      const res = await t.request("PUT", `/api/campaigns/${campaign}/experiment`, {
        token: u.token,
        body: { variants: edited },
      });
      assert.equal(res.status, 200, res.text);
      const after = res.body as Experiment;
      assert.equal(after.variants[1]!.opening_line, edited[1]!.opening_line);
      assert.equal(after.variants[1]!.variant_id, before.variants[1]!.variant_id);
      assert.deepEqual(
        after.variants.map((v) => [v.contacts, v.dialled, v.booked]),
        before.variants.map((v) => [v.contacts, v.dialled, v.booked]),
      );
      const three = [...edited, { opening_line: "Third way in" }];
      await refused(
        await t.request("PUT", `/api/campaigns/${campaign}/experiment`, { token: u.token, body: { variants: three } }),
        400,
        /started with variants A, B: variants cannot be added or removed now/,
      );
      // Through the campaign's own update too (what the setup form sends).
      await refused(
        await t.request("PUT", `/api/campaigns/${campaign}`, { token: u.token, body: { variants: [] } }),
        400,
        /cannot be added or removed now/,
      );
    });

    test("keep the winner: the experiment ends on its figures and unreached contacts move to the winner", async () => {
      const before = await experiment();
      const res = await t.request("POST", `/api/campaigns/${campaign}/experiment/keep-winner`, {
        token: u.token,
        body: { variant: "b" },
      });
      assert.equal(res.status, 200, res.text);
      const e = res.body as Experiment;
      assert.deepEqual([e.state, e.winner], ["ended", "B"]);
      // A's 6 undialled contacts, its 4 no-answers and its 2 voicemails: 12 not reached by a person.
      assert.equal(e.moved_contacts, 12);
      const rows = await assignments();
      assert.deepEqual(
        byLabel("A")
          .filter((id) => rows.find((r) => r.contact_id === id)!.label === "A")
          .sort(),
        byLabel("A").slice(0, 6).sort(),
        "the A contacts a person answered stay with A",
      );
      // A moved contact's next call speaks B.
      const moved = byLabel("A")[10]!;
      const call = await insertCall(t.db, u.orgId, { campaign_id: campaign, contact_id: moved, started_at: AT });
      const context = (await t.services.calls.runner.context(call))!;
      assert.equal(context.opening_line, "Hello {first_name}, fuel bills down by 20%.");
      // The ended experiment shows the figures the winner was chosen on.
      const later = await experiment();
      assert.deepEqual(
        later.variants.map((v) => v.dialled),
        before.variants.map((v) => v.dialled),
      );
      await refused(
        await t.request("POST", `/api/campaigns/${campaign}/experiment/keep-winner`, {
          token: u.token,
          body: { variant: "A" },
        }),
        409,
        /already ended/,
      );
    });

    test("bad input is a 400 that names the problem", async () => {
      const draft = async (variants: unknown, extra: Record<string, unknown> = {}) =>
        t.request("POST", "/api/create_campaign", {
          token: u.token,
          body: { name: "Bad", save_as_draft: true, variants, ...extra },
        });
      await refused(await draft([VARIANTS[0]]), 400, /needs 2 to 4 variants; 1 was sent/);
      await refused(await draft([...VARIANTS, ...VARIANTS, VARIANTS[0]]), 400, /needs 2 to 4 variants; 5 were sent/);
      await refused(await draft([VARIANTS[0], { goal: "No line" }]), 400, /Variant B has no opening line/);
      await refused(
        await draft([VARIANTS[0], { ...VARIANTS[1], voice_id: "nope" }]),
        400,
        /Variant B's voice is unknown/,
      );
      await refused(await draft("not a list"), 400, /variants must be a list/);
      await refused(
        await draft(VARIANTS, { direction: "inbound", inbound_number: "+14155550123" }),
        400,
        /inbound campaign cannot hold variants/,
      );
      // A draft with one contact for two variants cannot launch: the experiment would leave a variant empty.
      const ok = await draft(VARIANTS);
      assert.equal(ok.status, 201, ok.text);
      const id = ok.body.campaign.id as string;
      await insertContact(t.db, u.orgId, id, { phone_e164: "+919876543999" });
      await refused(
        await t.request("POST", `/api/campaigns/${id}/launch`, { token: u.token }),
        400,
        /This campaign has 1 contact for 2 variants: each variant needs at least one contact/,
      );
      assert.equal((await t.request("GET", `/api/campaigns/${id}`, { token: u.token })).body.campaign.status, "draft");
      await refused(
        await t.request("POST", `/api/campaigns/${id}/experiment/keep-winner`, {
          token: u.token,
          body: { variant: "A" },
        }),
        409,
        /Only a running experiment can keep a winner/,
      );
      await refused(
        await t.request("POST", `/api/campaigns/${id}/experiment/keep-winner`, {
          token: u.token,
          body: { variant: "E" },
        }),
        400,
        /No variant "E" in this experiment/,
      );
      await refused(
        await t.request("POST", `/api/campaigns/${id}/experiment/keep-winner`, { token: u.token, body: {} }),
        400,
        /Name the variant to keep/,
      );
      await refused(
        await t.request("PUT", `/api/campaigns/${id}/experiment`, { token: u.token, body: {} }),
        400,
        /variants must be a list/,
      );
      // An empty list on a draft removes the experiment.
      const cleared = await t.request("PUT", `/api/campaigns/${id}/experiment`, {
        token: u.token,
        body: { variants: [] },
      });
      assert.equal((cleared.body as Experiment).state, "none");
      // A campaign launched without variants cannot start an experiment half-way.
      const plain = await t.request("POST", "/api/create_campaign", { token: u.token, body: { name: "Plain" } });
      await refused(
        await t.request("PUT", `/api/campaigns/${plain.body.campaign.id}/experiment`, {
          token: u.token,
          body: { variants: VARIANTS },
        }),
        400,
        /launched without an experiment/,
      );
    });
  });
}
