import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { callByHand } from "../../../../../tests/support/call-by-hand.ts";
import { writeRecordedReply } from "../../../../../tests/support/voice/recorded-replies.ts";

// A whole call on the simulated carrier with the offline engine, the callee answering with a real recorded "no"
// (tests/speech-dev-set/replies.json): the agent's question tells the recogniser what to listen for, and the answer
// it hears decides the call. The voice path does not depend on the database engine, so the first one only.
const [kind] = await dbKinds();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-replies-"));
// Open English hears this "no" as "hello"; listening for a yes or a no, the recogniser takes it as the no it is.
const NO = writeRecordedReply(dir, "allison-no-from-call-fwd-no-ans");

type CallRow = { status: string; outcome: string; transcript: Array<{ speaker: string; text: string }> };

describe(`what the agent listens for, on a whole call (${kind})`, {
  skip: !NO && "asterisk-core-sounds-en-wav is not installed",
}, () => {
  let t: TestApp;
  let owner: TestUser;
  let campaignId: string;
  before(async () => {
    t = await startTestApp(kind!, {
      warmRecognizers: true,
      env: { SIMULATED_RING_MS: "300", SIMULATED_AUDIO_DIR: dir },
    });
    owner = await buildUser(t);
    const [c] = await t.db.query<{ id: string }>(
      `insert into campaigns (org_id, name, service, status, timezone, business_hours_start, business_hours_end, faqs)
       values ($1, 'Premium plans', 'premium plans', 'draft', 'UTC', '09:00', '17:00', '[]') returning id`,
      [owner.orgId],
    );
    campaignId = c!.id;
  });
  after(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("a recorded no to 'Do you have a minute?' ends the call politely, as not interested", async () => {
    const r = await callByHand<CallRow>(t, owner, campaignId, `play:${NO};hangup`, {
      numberIndex: 60,
      waitMs: 120_000,
    });
    const shown = r.transcript.map((x) => `${x.speaker}: ${x.text}`).join("\n");
    assert.equal(r.status, "completed", shown);
    assert.match(r.transcript[0]!.text, /Do you have a minute\?$/, shown);
    const agent = r.transcript.filter((x) => x.speaker === "agent").map((x) => x.text);
    assert.deepEqual(
      agent.slice(1),
      ["I understand, thanks for letting me know. Thank you for your time, Maya. Have a great day. Goodbye."],
      shown,
    );
    assert.equal(r.outcome, "not_interested", shown);
  });
});
