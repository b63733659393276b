import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { decodeWav } from "@parley/voice/audio/wav";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { callByHand } from "../../../../../tests/support/call-by-hand.ts";
import { insertCampaign } from "../../../../../tests/support/seed.ts";

// Rehearsals on the simulated carrier with real recorded voices (`play:` steps reading Debian's
// pocketsphinx-testdata) and personas that answer what the agent says. Whole calls with the offline
// engine in real time; the voice path does not depend on the database engine, so the first one only.
const [kind] = await dbKinds();
const CARDS = "/usr/share/pocketsphinx/test/data/cards"; // 001.wav "ten of clubs", 003.wav "seven of clubs"

type CallRow = {
  id: string;
  status: string;
  outcome: string;
  error: string | null;
  recording_key: string | null;
  duration_secs: number;
  transcript: Array<{ speaker: string; text: string }>;
};

const FAQS = [{ question: "What does the premium plan cost?", answer: "The premium plan costs 49 dollars a month." }];

describe(`simulated callees with real voices and reactions (${kind})`, {
  skip: !fs.existsSync(CARDS) && "pocketsphinx-testdata is not installed",
}, () => {
  let t: TestApp;
  let owner: TestUser;
  let campaignId: string;
  before(async () => {
    t = await startTestApp(kind!, {
      warmRecognizers: true,
      env: { SIMULATED_RING_MS: "300", SIMULATED_AUDIO_DIR: CARDS },
    });
    owner = await buildUser(t);
    // An FAQ and the calendar (bookings inside 09:00–17:00 UTC): everything the agent could act on.
    campaignId = await insertCampaign(t.db, owner.orgId, {
      name: "Premium plans",
      service: "premium plans",
      timezone: "UTC",
      faqs: FAQS,
      goal: "Book a demo of the premium plan",
    });
  });
  after(() => t.close());

  let calls = 0;
  const call = (persona: string) => {
    const i = calls++;
    return callByHand<CallRow>(t, owner, campaignId, persona, { numberIndex: 40 + i, line: i + 2, waitMs: 150_000 });
  };
  const transcriptOf = (r: CallRow) => r.transcript.map((x) => `${x.speaker}: ${x.text}`).join("\n");
  const meetingsOf = async (contactId: string) =>
    (
      await t.db.query<{ start_at: Date }>(
        "select start_at from calendar_events where contact_id = $1 and status <> 'cancelled'",
        [contactId],
      )
    ).map((e) => e.start_at);

  test("a callee playing recorded card names: recording and transcript kept; the agent takes no action", async () => {
    const r = await call("play:001.wav;play:003.wav;hangup");
    const shown = transcriptOf(r);
    assert.equal(r.status, "completed", shown);
    // Both recordings were heard as callee turns (what pocketsphinx makes of them is the hearing benchmark's business).
    assert.ok(r.transcript.filter((x) => x.speaker === "callee" && x.text.trim()).length >= 2, shown);
    // No meeting, no do-not-call entry, no callback.
    assert.deepEqual(await meetingsOf(r.contactId), [], shown);
    // (The outcome may read follow_up when the agent offered a call back: an offer, not an action.)
    assert.ok(!["scheduled", "do_not_call"].includes(r.outcome), `${r.outcome}\n${shown}`);
    assert.doesNotMatch(shown, /I'll call you back on|You're booked|removed your number/, shown);
    const dnc = await t.db.query("select 1 from dnc_numbers where org_id = $1 and phone_e164 = $2", [
      owner.orgId,
      r.phone,
    ]);
    assert.equal(dnc.length, 0, shown);
    const pending = await t.db.query("select 1 from call_attempts where contact_id = $1 and status = 'pending'", [
      r.contactId,
    ]);
    assert.equal(pending.length, 0, `a callback was scheduled\n${shown}`);
    // The recording holds both sides, as long as the call.
    const wav = decodeWav(fs.readFileSync(path.join(t.config.dataDir, "files", r.recording_key!)));
    assert.equal(wav.channels, 2);
    assert.ok(Math.abs(wav.samples.length / 2 / wav.sampleRate - r.duration_secs) <= 2);
  });

  // An interested callee offered alternatives to a taken slot, who books one: first-campaign.int.test.ts.

  test("a play step outside the audio folder or of a missing file fails the call with the reason", async () => {
    const outside = await call("play:../../../../../etc/passwd;hangup");
    assert.equal(outside.status, "failed");
    assert.match(outside.error ?? "", /inside SIMULATED_AUDIO_DIR/);
    const missing = await call("play:999.wav;hangup");
    assert.equal(missing.status, "failed");
    assert.match(missing.error ?? "", /no such file/);
  });
});
