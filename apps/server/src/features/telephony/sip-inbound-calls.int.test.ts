import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { resample } from "@parley/voice/audio/resample";
import { decodeWav, encodeWav } from "@parley/voice/audio/wav";
import type { SipTelephony } from "@parley/voice/telephony/sip/sip-telephony";
import { startBaresip, type Baresip } from "../../../../../tests/support/baresip.ts";
import { startKamailio, type Kamailio } from "../../../../../tests/support/kamailio.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { until } from "../../../../../tests/support/until.ts";
import { insertCall, insertCampaign, insertContact } from "../../../../../tests/support/seed.ts";

// Debian's baresip calls an inbound campaign's number over loopback (TELEPHONY=sip): Parley's agent answers
// with the campaign's greeting, hears the caller, and the call log says INBOUND with the caller's contact. A second
// baresip is a caller on an HD-voice phone (G.722 offered first), speaking real recorded speech. A third comes
// through kamailio as a carrier's border controller: anonymous in From, the number in P-Asserted-Identity.
const [kind] = await dbKinds();

type CallRow = {
  id: string;
  direction: string;
  status: string;
  contact_id: string | null;
  lead_phone: string;
  transcript: Array<{ speaker: string; text: string }>;
  recording_key: string | null;
  ended_at: Date | null;
  answered_at: Date | null;
};

describe(`inbound calls over a SIP trunk (${kind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let bs: Baresip;
  let hd: Baresip;
  let sbc: Kamailio;
  let withheld: Baresip;
  let dir: string;
  let sipPort: number;
  let campaignId: string;
  let mayaId: string;
  const KNOWN = "+15550102030";
  const NEW = "+15550102031";
  const HD = "+15550102032";

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-sip-in-app-"));
    const raw = path.join(dir, "raw.wav");
    execFileSync("flite", ["-voice", "slt", "-t", "Hello, I would like to book a cleaning.", "-o", raw]);
    const speech = decodeWav(fs.readFileSync(raw));
    // The caller waits through the greeting (12 s: it names the company and says the call is recorded), then speaks.
    const wav = new Int16Array(8000 * 24);
    wav.set(resample(speech.samples, speech.sampleRate, 8000), 8000 * 12);
    fs.writeFileSync(path.join(dir, "caller.wav"), encodeWav(wav, 8000));
    bs = await startBaresip({
      accounts: [
        { user: KNOWN, answer: "auto" },
        { user: NEW, answer: "auto" },
      ],
      sourceWav: path.join(dir, "caller.wav"),
      rtpPorts: [42700, 42799],
    });
    // Real speech recorded at 16 kHz (Debian's pocketsphinx-testdata): "go forward ten meters", after the greeting.
    const real = new Int16Array(fs.readFileSync("/usr/share/pocketsphinx/test/data/goforward.raw").buffer.slice(0));
    const hdWav = new Int16Array(16_000 * 24);
    hdWav.set(real, 16_000 * 12);
    fs.writeFileSync(path.join(dir, "hd-caller.wav"), encodeWav(hdWav, 16_000));
    hd = await startBaresip({
      accounts: [{ user: HD, answer: "auto" }],
      sourceWav: path.join(dir, "hd-caller.wav"),
      rtpPorts: [43100, 43199],
      codecs: ["G722", "PCMU"],
    });
    t = await startTestApp(kind!, {
      warmRecognizers: true,
      env: {
        TELEPHONY: "sip",
        SIP_TRUNK: `sip:127.0.0.1:${bs.port}`,
        SIP_TRUST_TRUNK: "1",
        SIP_BIND: "127.0.0.1:0",
        SIP_PUBLIC_HOST: "127.0.0.1",
        RTP_PORTS: "42800-42899",
      },
    });
    const sip = t.services.calls.telephony as SipTelephony;
    await sip.start();
    sipPort = sip.port;
    sbc = await startKamailio({
      username: "anonymous",
      password: "sbc-pass",
      forwardTo: sipPort,
      assertIdentity: `sip:${KNOWN}@carrier.example.net;user=phone`,
    });
    withheld = await startBaresip({
      accounts: [{ user: "anonymous", answer: "auto", proxy: { port: sbc.port, password: "sbc-pass" } }],
      sourceWav: path.join(dir, "caller.wav"),
      rtpPorts: [43200, 43299],
    });
    owner = await buildUser(t);
    const created = await t.request("POST", "/api/create_campaign", {
      token: owner.token,
      body: {
        name: "Front desk",
        direction: "inbound",
        inbound_number: "+15550100200",
        service: "dental cleaning",
        max_concurrent_calls: 1,
        start_immediately: true,
      },
    });
    assert.equal(created.status, 201, created.text);
    campaignId = created.body.campaign.id;
    assert.equal(created.body.campaign.status, "active");
    // Maya is on an outbound campaign's list of the same organisation: her call is matched to her.
    const oldList = await insertCampaign(t.db, owner.orgId, { name: "Old list", status: "completed" });
    const maya = { line_number: 1, name: "Maya Patel", first_name: "Maya", phone_e164: KNOWN };
    mayaId = await insertContact(t.db, owner.orgId, oldList, maya);
  });
  after(async () => {
    await t?.close();
    await bs?.close();
    await hd?.close();
    await withheld?.close();
    await sbc?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const calls = () =>
    t.db.query<CallRow>(
      `select id, direction, status, contact_id, lead_phone, transcript, recording_key, ended_at, answered_at
        from calls where campaign_id = $1 order by started_at`,
      [campaignId],
    );
  const dial = async (from: string, to: string) => {
    await bs.command("uafind", `sip:${from}@127.0.0.1`);
    await bs.command("dial", `sip:${to}@127.0.0.1:${sipPort}`);
  };
  const closed = () => bs.events.filter((e) => e.type === "CALL_CLOSED");

  test("a known caller: answered by the campaign's agent, heard, matched to her contact, logged INBOUND", async () => {
    await dial(KNOWN, "+15550100200");
    await until(async () => (await calls()).some((c) => c.transcript.some((x) => x.speaker === "callee")), {
      ms: 40_000,
      what: "the caller's words in the transcript",
    });
    await bs.command("hangup");
    await until(async () => (await calls())[0]?.ended_at != null, { ms: 15_000, what: "the call closed" });
    const [c] = await calls();
    assert.equal(c!.direction, "INBOUND");
    assert.equal(c!.status, "completed");
    assert.equal(c!.contact_id, mayaId);
    assert.match(
      JSON.stringify(c!.transcript.filter((x) => x.speaker === "agent")),
      /Thank you for calling/,
      JSON.stringify(c!.transcript),
    );
    const log = await t.request("GET", "/api/call-history?direction=INBOUND", { token: owner.token });
    assert.equal(log.status, 200, log.text);
    assert.deepEqual(
      log.body.call_history.map((r: { direction: string; lead_name: string }) => [r.direction, r.lead_name]),
      [["INBOUND", "Maya Patel"]],
    );
  });

  test("over the campaign's limit of one call: 486 Busy Here, no call row", async () => {
    const before = (await calls()).length;
    await insertCall(t.db, owner.orgId, { campaign_id: campaignId, direction: "INBOUND", lead_phone: "+15550109999" });
    const n = closed().length;
    await dial(NEW, "+15550100200");
    await until(() => closed().length > n, { what: "refused" });
    assert.match(closed().at(-1)?.param ?? "", /486/);
    await t.db.query("delete from calls where lead_phone = '+15550109999'");
    assert.equal((await calls()).length, before);
  });

  test("an unknown number is 404; a new caller becomes a contact of the inbound campaign", async () => {
    let n = closed().length;
    await dial(NEW, "+15550100299");
    await until(() => closed().length > n, { what: "refused" });
    assert.match(closed().at(-1)?.param ?? "", /404/);
    n = closed().length;
    await dial(NEW, "+15550100200");
    await until(async () => (await calls()).some((c) => c.lead_phone === NEW && c.answered_at), {
      ms: 15_000,
      what: "answered",
    });
    await bs.command("hangup");
    await until(async () => (await calls()).every((c) => c.ended_at), { ms: 15_000, what: "the call closed" });
    const c = (await calls()).find((x) => x.lead_phone === NEW)!;
    const [ct] = await t.db.query<{ campaign_id: string; phone_e164: string }>(
      "select campaign_id, phone_e164 from contacts where id = $1",
      [c.contact_id],
    );
    assert.deepEqual(ct, { campaign_id: campaignId, phone_e164: NEW });
    const detail = await t.request("GET", `/api/campaigns/${campaignId}`, { token: owner.token });
    assert.equal(detail.body.campaign.contact_count, 1);
    const [attempts] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from call_attempts where campaign_id = $1",
      [campaignId],
    );
    assert.equal(attempts!.n, 0, "callers are not queued for dialling");
  });

  test("a caller offering G.722: answered in it, their recorded words heard, the call recorded at 16 kHz", async () => {
    await hd.command("dial", `sip:+15550100200@127.0.0.1:${sipPort}`);
    const hdCall = async () => (await calls()).find((c) => c.lead_phone === HD);
    await until(async () => Boolean((await hdCall())?.transcript.some((x) => x.speaker === "callee")), {
      ms: 40_000,
      what: "the caller's words in the transcript",
    });
    await hd.command("hangup");
    await until(async () => (await hdCall())?.ended_at != null, { ms: 15_000, what: "the call closed" });
    const c = (await hdCall())!;
    assert.equal(c.status, "completed");
    assert.match(
      c.transcript
        .filter((x) => x.speaker === "callee")
        .map((x) => x.text)
        .join(" "),
      /forward/,
      JSON.stringify(c.transcript),
    );
    assert.equal(decodeWav(fs.readFileSync(path.join(t.config.dataDir, "files", c.recording_key!))).sampleRate, 16_000);
    assert.match(hd.output(), /Set audio decoder: G722/, "baresip spoke G.722");
  });

  test("through a carrier's border controller: the caller named by P-Asserted-Identity is matched", async () => {
    const mayas = async () => (await calls()).filter((c) => c.contact_id === mayaId);
    const before = (await mayas()).length;
    await withheld.command("dial", `sip:+15550100200@127.0.0.1:${sipPort}`);
    await until(async () => (await mayas()).length > before && (await mayas()).at(-1)!.answered_at != null, {
      ms: 15_000,
      what: "answered and matched to Maya",
    });
    await withheld.command("hangup");
    await until(async () => (await calls()).every((c) => c.ended_at), { ms: 15_000, what: "the call closed" });
    assert.equal((await mayas()).at(-1)!.lead_phone, KNOWN, "From said anonymous");
  });
});
