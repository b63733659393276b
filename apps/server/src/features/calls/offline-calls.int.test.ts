import assert from "node:assert/strict";
import { KbSource } from "@parley/shared/knowledge-base";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { decodeWav } from "@parley/voice/audio/wav";
import { DateTime } from "luxon";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { callByHand } from "../../../../../tests/support/call-by-hand.ts";
import { insertCampaign } from "../../../../../tests/support/seed.ts";
import { contactZone } from "./contact-zone.ts";

// Whole calls with the real offline providers: flite/espeak-ng voices, pocketsphinx speech recognition,
// the rules brain, the simulated carrier whose callees speak with flite. The voice path does not touch
// the database engine beyond the call row, so this runs on the first engine only (it takes real time).
const [kind] = await dbKinds();

type CallRow = {
  status: string;
  outcome: string;
  transcript: Array<{ speaker: string; text: string; interrupted?: boolean }>;
  recording_key: string | null;
  duration_secs: number;
  summary: string;
  extracted: Record<string, string>;
  lead_phone: string;
};

const FAQS = [{ question: "What does the premium plan cost?", answer: "The premium plan costs 49 dollars a month." }];

describe(`calls with the offline voice engine (${kind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let campaignId: string;
  before(async () => {
    t = await startTestApp(kind!, {
      warmRecognizers: true,
      env: { SIMULATED_RING_MS: "300" },
    });
    owner = await buildUser(t);
    campaignId = await insertCampaign(t.db, owner.orgId, {
      name: "Premium plans",
      service: "premium plans",
      timezone: "UTC",
      // The callee is in a country where it is day now, and asks for 10 am on their clock: on the team's 09:00-17:00
      // in UTC that hour is outside meeting hours for half the day's runs. The team takes meetings at any hour here.
      business_hours_start: "00:00",
      business_hours_end: "23:30",
      faqs: FAQS,
      goal: "Book a demo of the premium plan",
    });
  });
  after(() => t.close());

  const call = (persona: string, i: number) =>
    callByHand<CallRow>(t, owner, campaignId, persona, { numberIndex: i, line: i + 2 });
  const said = (r: CallRow, who: "agent" | "callee") =>
    r.transcript
      .filter((x) => x.speaker === who)
      .map((x) => x.text)
      .join(" ")
      .toLowerCase();

  // One call at a time: they run in real time, and a 2-core machine shares its CPU with the other tests. The
  // presets (interested, not interested, callback, question, do-not-call, voicemail, no answer, busy) are
  // dialled by dialer-personas.int.test.ts and the first campaign's booking by first-campaign.int.test.ts.
  test("a script: a question, then a booking at a time it names, agreed once read back", async () => {
    // A script does not react: its own next line answers the read-back ("Just to confirm, shall I book …, your time?").
    const script = "say:Hello?;say:What does the premium plan cost?;say:OK book me Thursday at 10 am;say:Yes.;hangup";
    const r = await call(script, 8);
    assert.equal(r.outcome, "scheduled", transcriptOf(r));
    assert.match(said(r, "agent"), /49/);
    assert.match(said(r, "agent"), /just to confirm, shall i book thursday, .* at 10:00 am, your time\?/);
    // Thursday at 10 on the contact's clock: the zone of their number (the test picks a country in daytime now).
    const [event] = await meetingsOf(r.contactId);
    const local = DateTime.fromJSDate(event!, { zone: contactZone(r.phone, "UTC") });
    assert.deepEqual([local.weekday, local.hour], [4, 10], transcriptOf(r));
    assertRecording(r);
  });

  test("a script that talks over the agent: it stops, and the transcript keeps only what was heard", async () => {
    const r = await call("say:Hello?;barge:Sorry, I am not interested;hangup", 9);
    const cut = r.transcript.find((x) => x.speaker === "agent" && x.interrupted);
    assert.ok(cut, transcriptOf(r));
    assert.match(cut.text, /…$/);
    assert.equal(r.outcome, "not_interested", transcriptOf(r));
  });

  test("a question answered only in an uploaded PDF: the agent answers from the knowledge base", async () => {
    const form = new FormData();
    const pdf = fs.readFileSync(
      new URL("../../../../../tests/support/kb-documents/helios-battery.pdf", import.meta.url),
    );
    form.append("files[]", new Blob([pdf], { type: "application/pdf" }), "helios-battery.pdf");
    const up = await t.request("POST", "/api/voice/KB/bulk-upload-documents", { token: owner.token, body: form });
    assert.equal(up.status, 201, up.text);
    const docId = up.body.data.documents[0].id as string;
    for (let i = 0; i < 100; i++) {
      const list = await t.request("GET", "/api/voice/KB/documents", { token: owner.token });
      if (list.body.data.documents.find((d: { id: string; status: string }) => d.id === docId)?.status === "ready")
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const attach = await t.request("PUT", `/api/campaigns/${campaignId}/knowledge-bases`, {
      token: owner.token,
      body: { document_ids: [docId] },
    });
    assert.equal(attach.status, 200, attach.text);
    try {
      const r = await call("say:Hello?;say:How long is the battery warranty?;say:OK thanks, bye;hangup", 10);
      assert.match(said(r, "callee"), /warranty/, transcriptOf(r));
      assert.match(said(r, "agent"), /twelve years/, transcriptOf(r));
      const [row] = await t.db.query<{ kb_sources: Array<{ document_name: string; heading: string }> }>(
        "select kb_sources from calls where id = $1",
        [r.id],
      );
      const warranty = row!.kb_sources
        .map((s) => KbSource.parse(s))
        .find((s) => s.document_name === "helios-battery" && s.heading === "Warranty");
      assert.ok(warranty?.used, JSON.stringify(row!.kb_sources));
      assert.ok(
        warranty.checks.some((c) => c.accepted && c.rule === "answers"),
        JSON.stringify(warranty.checks),
      );
    } finally {
      await t.request("PUT", `/api/campaigns/${campaignId}/knowledge-bases`, {
        token: owner.token,
        body: { document_ids: [] },
      });
    }
  });

  const transcriptOf = (r: CallRow) =>
    r.transcript.map((x) => `${x.speaker}${x.interrupted ? "*" : ""}: ${x.text}`).join("\n");
  const meetingsOf = async (contactId: string) =>
    (
      await t.db.query<{ start_at: Date }>(
        "select start_at from calendar_events where contact_id = $1 and status <> 'cancelled'",
        [contactId],
      )
    ).map((e) => e.start_at);
  function assertRecording(r: CallRow): void {
    const wav = decodeWav(fs.readFileSync(path.join(t.config.dataDir, "files", r.recording_key!)));
    assert.equal(wav.channels, 2);
    assert.ok(
      Math.abs(wav.samples.length / 2 / wav.sampleRate - r.duration_secs) <= 2,
      "the recording lasts as long as the call",
    );
  }
});
