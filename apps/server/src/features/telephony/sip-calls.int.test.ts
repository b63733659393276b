import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { levelDb } from "@parley/voice/audio/frames";
import { resample } from "@parley/voice/audio/resample";
import { decodeWav, encodeWav } from "@parley/voice/audio/wav";
import { startBaresip, type Baresip } from "../../../../../tests/support/baresip.ts";
import { numbersInHoursNow } from "../../../../../tests/support/in-hours-numbers.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { until } from "../../../../../tests/support/until.ts";
import { insertCampaign } from "../../../../../tests/support/seed.ts";
import { placeCallByHand } from "../../../../../tests/support/call-by-hand.ts";

// A whole call through the dialer with TELEPHONY=sip: Parley's agent (offline voices, pocketsphinx, the rules
// brain) phones Debian's baresip over loopback. baresip answers, says its WAV and records what it hears.
// The voice path touches the database only for the call row, so this runs on the first engine only.
const [kind] = await dbKinds();

type CallRow = {
  status: string;
  outcome: string | null;
  error: string | null;
  summary: string;
  transcript: Array<{ speaker: string; text: string }>;
  recording_key: string | null;
  ended_at: Date | null;
};

describe(`calls over a SIP trunk (${kind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let bs: Baresip;
  let dir: string;
  let campaignId: string;
  const [answers, unknown, optsOut] = numbersInHoursNow(3, 40);

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-sip-app-"));
    const raw = path.join(dir, "raw.wav");
    execFileSync("flite", ["-voice", "slt", "-t", "Yes, I am interested.", "-o", raw]);
    const speech = decodeWav(fs.readFileSync(raw));
    // The callee waits through the greeting, answers, and stays on the
    // line a while (baresip hangs up at the WAV's end).
    // baresip answers at once, so the greeting is synthesised after the answer: on a loaded machine it starts
    // seconds late, and a callee speaking at 5 s cut it short (the agent stops for a callee who talks). 8 s.
    const pcm = resample(speech.samples, speech.sampleRate, 8000);
    const wav = new Int16Array(8000 * 20);
    wav.set(pcm, 8000 * 8);
    fs.writeFileSync(path.join(dir, "callee.wav"), encodeWav(wav, 8000));
    bs = await startBaresip({
      accounts: [
        { user: answers!, answer: "auto" },
        { user: optsOut!, answer: "auto" },
      ],
      sourceWav: path.join(dir, "callee.wav"),
      rtpPorts: [41300, 41399],
    });
    t = await startTestApp(kind!, {
      warmRecognizers: true,
      env: {
        TELEPHONY: "sip",
        SIP_TRUNK: `sip:127.0.0.1:${bs.port}`,
        SIP_BIND: "127.0.0.1:0",
        SIP_PUBLIC_HOST: "127.0.0.1",
        RTP_PORTS: "41400-41499",
        SIP_FROM: "+15550001111",
        DTMF_OPT_OUT_DIGIT: "9",
      },
    });
    owner = await buildUser(t);
    campaignId = await insertCampaign(t.db, owner.orgId, {
      name: "Premium plans",
      service: "premium plans",
      timezone: "UTC",
      goal: "Book a demo of the premium plan",
    });
  });
  after(async () => {
    await t?.close();
    await bs?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const ring = async (phone: string, line: number) => (await placeCallByHand(t, owner, campaignId, { line, phone })).id;
  const row = async (id: string) =>
    (
      await t.db.query<CallRow & { answered_at: Date | null }>(
        `select status, outcome, error, summary, transcript, recording_key, answered_at, ended_at from calls
          where id = $1`,
        [id],
      )
    )[0]!;

  test("baresip answers: it hears the agent's greeting, the agent hears its answer; its hang-up ends it", async () => {
    const id = await ring(answers!, 2);
    await until(async () => (await row(id)).transcript.some((x) => x.speaker === "callee"), {
      ms: 60_000,
      what: "the callee's words in the transcript",
    });
    await bs.command("hangup"); // BYE from the callee's side
    await until(async () => (await row(id)).ended_at !== null, { ms: 15_000, what: "the call closed" });
    const r = await row(id);
    assert.equal(r.status, "completed", JSON.stringify(r));
    assert.ok(r.recording_key, "the call is recorded");
    assert.match(
      r.transcript
        .filter((x) => x.speaker === "agent")
        .map((x) => x.text)
        .join(" "),
      /Maya/,
      "the agent greeted Maya",
    );
    // What baresip heard: the greeting, seconds of speech at a voice's level.
    const heard = (await bs.lastRecording("heard")).samples;
    let loud = 0;
    for (let i = 0; i + 160 <= heard.length; i += 160) if (levelDb(heard.subarray(i, i + 160)) > -40) loud++;
    assert.ok(loud * 0.02 > 2, `baresip heard ${loud * 0.02} s of the agent`);
  });

  test("a number the far end does not know fails with the SIP reason in the call log", async () => {
    const id = await ring(unknown!, 3);
    await until(async () => (await row(id)).ended_at !== null, { ms: 15_000, what: "the call closed" });
    const r = await row(id);
    assert.equal(r.status, "failed");
    assert.match(r.error ?? "", /^SIP 404/);
    assert.match(r.summary, /The call failed: SIP 404/);
  });

  test("the callee presses the opt-out key (DTMF 9): the number goes on the do-not-call list; call ends", async () => {
    const id = await ring(optsOut!, 4);
    await until(async () => (await row(id)).answered_at !== null, { ms: 15_000, what: "answered" });
    await bs.command("uafind", `sip:${optsOut}@127.0.0.1`); // keys go to the current account's call
    bs.pressKeys("9");
    await until(async () => (await row(id)).ended_at !== null, { ms: 15_000, what: "the call closed" }).catch(
      (err: Error) => {
        throw new Error(`${err.message}; baresip said:\n${bs.output().slice(-3000)}`);
      },
    );
    const r = await row(id);
    assert.equal(r.outcome, "do_not_call", JSON.stringify(r));
    const list = await t.request("GET", "/api/dnc", { token: owner.token });
    assert.ok(JSON.stringify(list.body).includes(optsOut!), "the number is on the do-not-call list");
  });
});
