import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { encodeWav } from "@parley/voice/audio/wav";
import { startBaresip, type Baresip } from "../../../../../tests/support/baresip.ts";
import { numbersInHoursNow } from "../../../../../tests/support/in-hours-numbers.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { until } from "../../../../../tests/support/until.ts";
import { insertCampaign } from "../../../../../tests/support/seed.ts";
import { placeCallByHand } from "../../../../../tests/support/call-by-hand.ts";

// Keys as the answer: the agent (offline voices, pocketsphinx, the rules brain) phones Debian's baresip over a SIP
// trunk on loopback; baresip answers and says nothing, then presses a key (RFC 4733) to the agent's yes/no
// question: 1 for yes, 2 for no, as the agent offers when it cannot make out a spoken answer. The voice path
// touches the database only for the call row, so this runs on the first engine only.
const [kind] = await dbKinds();

type CallRow = {
  outcome: string | null;
  transcript: Array<{ speaker: string; text: string }>;
  answered_at: Date | null;
  ended_at: Date | null;
};

describe(`a callee answers by key over SIP (${kind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let bs: Baresip;
  let dir: string;
  let campaignId: string;
  const [saysNo, saysYes] = numbersInHoursNow(2, 420);

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-sip-keys-"));
    // A callee who never speaks: 40 s of silence (baresip hangs up at the WAV's end).
    fs.writeFileSync(path.join(dir, "quiet.wav"), encodeWav(new Int16Array(8000 * 40), 8000));
    bs = await startBaresip({
      accounts: [
        { user: saysNo!, answer: "auto" },
        { user: saysYes!, answer: "auto" },
      ],
      sourceWav: path.join(dir, "quiet.wav"),
      rtpPorts: [43400, 43499],
    });
    t = await startTestApp(kind!, {
      warmRecognizers: true,
      env: {
        TELEPHONY: "sip",
        SIP_TRUNK: `sip:127.0.0.1:${bs.port}`,
        SIP_BIND: "127.0.0.1:0",
        SIP_PUBLIC_HOST: "127.0.0.1",
        RTP_PORTS: "43500-43599",
        SIP_FROM: "+15550001111",
        DTMF_OPT_OUT_DIGIT: "9",
      },
    });
    owner = await buildUser(t);
    campaignId = await insertCampaign(t.db, owner.orgId, { name: "Premium plans", service: "premium plans" });
  });
  after(async () => {
    await t?.close();
    await bs?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const ring = async (phone: string, line: number) => (await placeCallByHand(t, owner, campaignId, { line, phone })).id;
  const row = async (id: string) =>
    (await t.db.query<CallRow>("select outcome, transcript, answered_at, ended_at from calls where id = $1", [id]))[0]!;
  const shown = (r: CallRow) => r.transcript.map((x) => `${x.speaker}: ${x.text}`).join("\n");

  /** Rings `phone`, and once the agent's greeting (its question) has been said, baresip presses `key`. */
  async function press(phone: string, line: number, key: string): Promise<string> {
    const id = await ring(phone, line);
    // The transcript is written as the call goes; the greeting's line appears once it has been played.
    await until(async () => (await row(id)).transcript.some((x) => x.speaker === "agent"), {
      ms: 60_000,
      what: "the greeting said",
    });
    await bs.command("uafind", `sip:${phone}@127.0.0.1`); // keys go to the current account's call
    bs.pressKeys(key);
    return id;
  }

  test("2 to 'Do you have a minute?' is a no: the agent ends the call politely, as not interested", async () => {
    const id = await press(saysNo!, 2, "2");
    await until(async () => (await row(id)).ended_at !== null, { ms: 60_000, what: "the call closed" }).catch(
      (err: Error) => {
        throw new Error(`${err.message}; baresip said:\n${bs.output().slice(-3000)}`);
      },
    );
    const r = await row(id);
    assert.match(r.transcript[0]!.text, /Do you have a minute\?$/, shown(r));
    assert.deepEqual(
      r.transcript.slice(1).map((x) => `${x.speaker}: ${x.text}`),
      [
        "callee: no (pressed 2)",
        "agent: I understand, thanks for letting me know. Thank you for your time, Maya. Have a great day. Goodbye.",
      ],
      shown(r),
    );
    assert.equal(r.outcome, "not_interested", shown(r));
  });

  test("1 is a yes: the agent goes on to find a time; the call is not ended by the key", async () => {
    const id = await press(saysYes!, 3, "1");
    await until(async () => (await row(id)).transcript.length >= 3 || (await row(id)).ended_at !== null, {
      ms: 30_000,
      what: "the agent's answer to the key",
    }).catch(() => {});
    await bs.command("hangup");
    await until(async () => (await row(id)).ended_at !== null, { ms: 30_000, what: "the call closed" });
    const r = await row(id);
    const callee = r.transcript.filter((x) => x.speaker === "callee").map((x) => x.text);
    assert.deepEqual(callee, ["yes (pressed 1)"], shown(r));
    const reply = r.transcript[r.transcript.findIndex((x) => x.speaker === "callee") + 1];
    assert.ok(reply && reply.speaker === "agent", shown(r));
    assert.doesNotMatch(reply.text, /Goodbye|thanks for letting me know|was that a yes or a no/i, shown(r));
    assert.notEqual(r.outcome, "not_interested", shown(r));
    assert.notEqual(r.outcome, "do_not_call", shown(r));
  });
});
