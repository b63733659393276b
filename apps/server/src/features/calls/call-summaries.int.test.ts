import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { callByHand } from "../../../../../tests/support/call-by-hand.ts";
import { insertCampaign } from "../../../../../tests/support/seed.ts";

// Calls on the simulated carrier that nobody talks on still leave a summary saying what happened. Real-time
// voice calls: the first engine only, as in offline-calls.int.test.ts.
const [kind] = await dbKinds();

type CallRow = {
  status: string;
  outcome: string;
  summary: string;
  transcript: Array<{ speaker: string; text: string; interrupted?: boolean }>;
};

describe(`summaries of calls without a conversation (${kind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let campaignId: string;
  before(async () => {
    t = await startTestApp(kind!, { env: { SIMULATED_RING_MS: "300" } });
    owner = await buildUser(t);
    campaignId = await insertCampaign(t.db, owner.orgId, { name: "Summaries", service: "sales", timezone: "UTC" });
  });
  after(() => t.close());

  const call = (persona: string, i: number) =>
    callByHand<CallRow>(t, owner, campaignId, persona, { numberIndex: 40 + i, line: i + 2 });

  test("a voicemail call's row says the message was left", async () => {
    const vm = await call("voicemail", 0);
    const said = vm.transcript.map((x) => `${x.speaker}${x.interrupted ? "*" : ""}: ${x.text}`).join("\n");
    assert.equal(vm.outcome, "voicemail", said);
    assert.equal(vm.summary, "Reached voicemail; left the message.", said);
  });

  test("no answer, busy and failed calls have a summary saying so", async () => {
    const [none, busy, failed] = await Promise.all([call("no_answer", 1), call("busy", 2), call("failed", 3)]);
    assert.deepEqual([none.outcome, none.summary], ["no_answer", "No answer."]);
    assert.deepEqual([busy.outcome, busy.summary], ["busy", "The line was busy."]);
    assert.equal(failed.outcome, "failed");
    assert.match(failed.summary, /^The call failed/);
  });
});
