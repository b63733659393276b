import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { decodeWav, encodeWav } from "../../audio/wav.ts";
import { resample } from "../../audio/resample.ts";
import { levelDb } from "../../audio/frames.ts";
import { shareAbove4kHz, tone6kHz } from "../../../../../tests/support/wideband-audio.ts";
import type { IncomingAnswer, IncomingCall, LegEvent } from "../call-leg.ts";
import { createSipTelephony, type SipTelephony } from "./sip-telephony.ts";
import { startBaresip, type Baresip } from "../../../../../tests/support/baresip.ts";
import { until } from "../../../../../tests/support/until.ts";

/** Parley's user agent with baresip as its trunk, each incoming call given to `decide`. */
async function userAgent(bs: Baresip, decide: (call: IncomingCall) => Promise<IncomingAnswer>): Promise<SipTelephony> {
  const sip = createSipTelephony({
    trunk: { host: "127.0.0.1", port: bs.port },
    trustTrunk: true,
    username: null,
    password: null,
    register: false,
    bind: { host: "127.0.0.1", port: 0 },
    publicHost: "127.0.0.1",
    rtpPorts: { min: 42600, max: 42699 },
    from: null,
    silenceTimeoutMs: 3000,
  });
  sip.onIncoming!(decide);
  assert.equal((await sip.start()).ok, true);
  return sip;
}

// Debian's baresip calls our user agent over loopback: answered (audio both ways, its BYE ends the call),
// refused as busy (486), and, from an address that is not the trunk's, challenged and refused.
describe("inbound SIP calls from baresip", () => {
  let bs: Baresip;
  let sip: SipTelephony;
  let dir: string;
  let decide: (call: IncomingCall) => Promise<IncomingAnswer>;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-sip-in-"));
    const raw = path.join(dir, "raw.wav");
    execFileSync("flite", ["-voice", "slt", "-t", "Hello, I would like to book a visit.", "-o", raw]);
    const pcm = decodeWav(fs.readFileSync(raw));
    fs.writeFileSync(path.join(dir, "caller.wav"), encodeWav(resample(pcm.samples, pcm.sampleRate, 8000), 8000));
    bs = await startBaresip({
      accounts: [{ user: "+15550102030", answer: "auto" }],
      sourceWav: path.join(dir, "caller.wav"),
      rtpPorts: [42500, 42599],
    });
    sip = await userAgent(bs, (call) => decide(call));
  });
  after(async () => {
    sip.close();
    await bs.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const closedCount = () => bs.events.filter((e) => e.type === "CALL_CLOSED").length;
  const tone = (n: number) =>
    Int16Array.from({ length: 160 }, (_, i) => Math.round(9000 * Math.sin((2 * Math.PI * 440 * (n * 160 + i)) / 8000)));

  test("answered: number and caller reach the handler, audio flows both ways, the caller's BYE ends it", async () => {
    const events: LegEvent[] = [];
    const calls: IncomingCall[] = [];
    let answered!: () => void;
    const gotLeg = new Promise<void>((r) => (answered = r));
    decide = async (call) => {
      calls.push(call);
      return {
        answer: (leg) => {
          leg.on((e) => events.push(e));
          void (async () => {
            await until(() => events.some((e) => e.type === "answered"), { what: "ACK" });
            for (let n = 0; n < 50 && !events.some((e) => e.type === "ended"); n++) {
              leg.send(tone(n));
              await new Promise((r) => setTimeout(r, 20));
            }
            answered();
          })();
        },
      };
    };
    const closed = closedCount();
    await bs.command("dial", `sip:+15550100200@127.0.0.1:${sip.port}`);
    await gotLeg;
    await until(() => events.filter((e) => e.type === "audio" && levelDb(e.frame) > -40).length > 10, {
      what: "the caller's voice",
    });
    await bs.command("hangup");
    await until(() => events.some((e) => e.type === "ended"), { what: "ended by the caller's BYE" });
    assert.deepEqual(calls, [{ to: "+15550100200", from: "+15550102030" }]);
    assert.deepEqual(
      events.find((e) => e.type === "ended"),
      { type: "ended", reason: "completed" },
    );
    await until(() => closedCount() > closed, { what: "baresip closed the call" });
    const heard = (await bs.lastRecording("heard")).samples;
    assert.ok(heard.length >= 4000 && levelDb(heard) > -30, `baresip heard our tone (${heard.length} samples)`);
  });

  test("our hang-up sends BYE to the caller", async () => {
    decide = async () => ({
      answer: (leg) => leg.on((e) => e.type === "answered" && setTimeout(() => leg.hangup(), 300)),
    });
    const closed = closedCount();
    await bs.command("dial", `sip:sales@127.0.0.1:${sip.port}`);
    await until(() => closedCount() > closed, { what: "baresip got our BYE" });
    assert.ok(
      bs.events.some((e) => e.type === "CALL_ESTABLISHED"),
      "the call was established first",
    );
  });

  test("over the limit: 486 Busy Here, and no leg", async () => {
    decide = async () => ({ refuse: "busy" });
    const closed = closedCount();
    await bs.command("dial", `sip:+15550100200@127.0.0.1:${sip.port}`);
    await until(() => closedCount() > closed, { what: "refused" });
    assert.match(bs.events.filter((e) => e.type === "CALL_CLOSED").at(-1)?.param ?? "", /486/);
  });

  test("an INVITE from an address not the trunk's is challenged, and refused without the password", async () => {
    const other = createSipTelephony({
      trunk: { host: "192.0.2.10", port: 5060 },
      username: "parley",
      password: "s3cret-pw",
      register: false,
      bind: { host: "127.0.0.1", port: 0 },
      publicHost: "127.0.0.1",
      rtpPorts: { min: 42600, max: 42699 },
      from: null,
    });
    let asked = 0;
    other.onIncoming!(async () => {
      asked++;
      return { refuse: "closed" };
    });
    await other.start();
    try {
      const closed = closedCount();
      await bs.command("dial", `sip:+15550100200@127.0.0.1:${other.port}`);
      await until(() => closedCount() > closed, { what: "refused" });
      assert.match(bs.events.filter((e) => e.type === "CALL_CLOSED").at(-1)?.param ?? "", /401|Unauthori[sz]ed|auth/i);
      assert.equal(asked, 0, "no campaign was looked up for it");
    } finally {
      other.close();
    }
  });
});

// A caller whose phone speaks G.722 (desk phones, softphones, PBXs on "HD voice"): the call is answered in it, and
// both directions carry 16 kHz audio with the band above 4 kHz a G.711 line drops.
describe("inbound SIP calls in G.722 from baresip", () => {
  let bs: Baresip;
  let sip: SipTelephony;
  let dir: string;
  let decide: (call: IncomingCall) => Promise<IncomingAnswer>;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-sip-hd-"));
    // Real speech recorded at 16 kHz (Debian's pocketsphinx-testdata): "go forward ten meters".
    const speech = new Int16Array(fs.readFileSync("/usr/share/pocketsphinx/test/data/goforward.raw").buffer.slice(0));
    const wav = new Int16Array(16_000 * 6);
    wav.set(speech.subarray(0, wav.length - 16_000), 8000);
    fs.writeFileSync(path.join(dir, "caller.wav"), encodeWav(wav, 16_000));
    bs = await startBaresip({
      accounts: [{ user: "+15550102040", answer: "auto" }],
      sourceWav: path.join(dir, "caller.wav"),
      rtpPorts: [42500, 42599],
      codecs: ["G722", "PCMU", "PCMA"],
    });
    sip = await userAgent(bs, (call) => decide(call));
  });
  after(async () => {
    sip.close();
    await bs.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("answered in G.722: the caller's speech arrives at 16 kHz with its upper band, and they hear ours", async () => {
    const frames: Int16Array[] = [];
    let rate = 0;
    let ended = false;
    decide = async () => ({
      answer: (leg) => {
        rate = leg.sampleRate;
        leg.on((e) => {
          if (e.type === "audio") frames.push(e.frame);
          if (e.type === "ended") ended = true;
          if (e.type !== "answered") return;
          // 2 s of a 6 kHz tone: only a wideband line carries it.
          void (async () => {
            for (let n = 0; n < 100 && !ended; n++) {
              leg.send(tone6kHz(n));
              await new Promise((r) => setTimeout(r, 20));
            }
          })();
        });
      },
    });
    const closed = bs.events.filter((e) => e.type === "CALL_CLOSED").length;
    await bs.command("dial", `sip:+15550100200@127.0.0.1:${sip.port}`);
    // baresip hangs up when its recording ends.
    await until(() => ended && bs.events.filter((e) => e.type === "CALL_CLOSED").length > closed, {
      ms: 20_000,
      what: "the caller's whole sentence, then their BYE",
    });
    assert.equal(rate, 16_000);
    assert.ok(
      frames.every((f) => f.length === 320),
      "20 ms frames at 16 kHz",
    );
    const voice = Int16Array.from(frames.filter((f) => levelDb(f) > -40).flatMap((f) => [...f]));
    // The recording has 3.8% of its energy above 4 kHz ("ten meters"); as a G.711 line carries it, 0.1%.
    assert.ok(
      shareAbove4kHz(voice) > 0.01,
      `the caller's speech keeps its band above 4 kHz (${(100 * shareAbove4kHz(voice)).toFixed(2)}% of its energy)`,
    );
    const heard = await bs.lastRecording("heard");
    assert.equal(heard.sampleRate, 16_000);
    const loud = heard.samples.filter((v) => Math.abs(v) > 1000);
    assert.ok(
      loud.length > 8000 && shareAbove4kHz(heard.samples) > 0.5,
      `baresip heard our 6 kHz tone (${loud.length} loud samples)`,
    );
  });
});
