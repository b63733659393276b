import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import dgram from "node:dgram";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { decodeWav, encodeWav } from "../../audio/wav.ts";
import { resample } from "../../audio/resample.ts";
import { levelDb } from "../../audio/frames.ts";
import type { CallLeg, LegEvent } from "../call-leg.ts";
import { createSipTelephony, type SipTelephony, type SipTelephonyConfig } from "./sip-telephony.ts";
import { startBaresip, type Baresip } from "../../../../../tests/support/baresip.ts";
import { until } from "../../../../../tests/support/until.ts";
import { startKamailio, type Kamailio } from "../../../../../tests/support/kamailio.ts";
import { startDnsmasq } from "../../../../../tests/support/dnsmasq.ts";

// Our user agent against Debian's baresip on loopback: one callee account answers at once and speaks a
// WAV, one rings until cancelled or rejected (busy). Each call runs in real time, so they are kept short.
describe("SIP trunk telephony against baresip", () => {
  let bs: Baresip;
  let sip: SipTelephony;
  let dir: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-sip-"));
    const raw = path.join(dir, "raw.wav");
    execFileSync("flite", ["-voice", "slt", "-t", "Hello, this is Sam. Yes, I am interested.", "-o", raw]);
    const pcm = decodeWav(fs.readFileSync(raw));
    fs.writeFileSync(path.join(dir, "callee.wav"), encodeWav(resample(pcm.samples, pcm.sampleRate, 8000), 8000));
    bs = await startBaresip({
      accounts: [
        { user: "answers", answer: "auto" },
        { user: "rings", answer: "manual" },
        { user: "early", answer: "early" },
      ],
      sourceWav: path.join(dir, "callee.wav"),
      rtpPorts: [41000, 41099],
    });
    sip = createSipTelephony({
      trunk: { host: "127.0.0.1", port: bs.port },
      username: null,
      password: null,
      register: false,
      bind: { host: "127.0.0.1", port: 0 },
      publicHost: "127.0.0.1",
      rtpPorts: { min: 41100, max: 41199 },
      from: "+15550001111",
      ringTimeoutMs: 1500,
      silenceTimeoutMs: 1500,
    });
    assert.equal((await sip.start()).ok, true);
  });
  after(async () => {
    sip.close();
    await bs.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function dial(user: string) {
    const events: LegEvent[] = [];
    const leg: CallLeg = await sip.dial({
      to: `sip:${user}@127.0.0.1:${bs.port}`,
      callId: user,
      persona: null,
      signal: new AbortController().signal,
    });
    leg.on((e) => events.push(e));
    const ended = () => events.find((e) => e.type === "ended") as Extract<LegEvent, { type: "ended" }> | undefined;
    return { leg, events, ended };
  }
  const tone = (n: number) =>
    Int16Array.from({ length: 160 }, (_, i) => Math.round(9000 * Math.sin((2 * Math.PI * 440 * (n * 160 + i)) / 8000)));

  test("answered: audio both ways, then our BYE ends it", async () => {
    const c = await dial("answers");
    await until(() => c.events.some((e) => e.type === "answered"), { what: "answered" });
    // A second of tone, paced at 20 ms as the session paces it.
    for (let n = 0; n < 50; n++) {
      c.leg.send(tone(n));
      await new Promise((r) => setTimeout(r, 20));
    }
    await until(() => c.events.filter((e) => e.type === "audio").length >= 50, { what: "baresip's audio" });
    const heardSpeech = c.events.some((e) => e.type === "audio" && levelDb(e.frame) > -40);
    c.leg.hangup();
    assert.equal(c.ended()?.reason, "completed");
    assert.ok(heardSpeech, "baresip's WAV reached us");
    await until(() => bs.events.some((e) => e.type === "CALL_CLOSED"), { what: "baresip saw the BYE" });
    const heard = (await bs.lastRecording("heard")).samples;
    const loud = heard.length ? levelDb(heard) : -100;
    assert.ok(
      heard.length >= 8000 * 0.8 && loud > -30,
      `baresip heard our tone (${heard.length} samples, ${loud.toFixed(1)} dB)`,
    );
  });

  test("BYE from the callee ends the call as completed", async () => {
    const closed = bs.events.filter((e) => e.type === "CALL_CLOSED").length;
    const c = await dial("answers");
    await until(() => c.events.some((e) => e.type === "answered"), { what: "answered" });
    await bs.command("hangup");
    await until(() => c.ended() !== undefined, { what: "ended by baresip's BYE" });
    assert.equal(c.ended()!.reason, "completed");
    await until(() => bs.events.filter((e) => e.type === "CALL_CLOSED").length > closed, { what: "baresip closed" });
  });

  test("a callee who vanishes (no RTP, no BYE) is dropped after the RTP timeout", async () => {
    const c = await dial("answers");
    await until(() => c.events.some((e) => e.type === "audio"), { what: "audio" });
    bs.freeze();
    try {
      await until(() => c.ended() !== undefined, { ms: 5000, what: "dropped" });
    } finally {
      bs.thaw();
    }
    assert.equal(c.ended()!.reason, "dropped");
    assert.match(c.ended()!.detail ?? "", /No audio from the callee/);
    await until(() => bs.events.filter((e) => e.type === "CALL_CLOSED").length >= 3, {
      what: "baresip got our BYE once thawed",
    });
  });

  test("ringing past the limit is cancelled as no answer", async () => {
    const c = await dial("rings");
    await until(() => c.ended() !== undefined, { ms: 5000, what: "no answer" });
    assert.equal(c.ended()!.reason, "no_answer");
    await until(() => bs.events.some((e) => e.type === "CALL_CLOSED" && /rings/.test(e.accountaor ?? "")), {
      what: "baresip saw the CANCEL",
    });
  });

  test("over TCP: answered with audio, and baresip's BYE comes back over TCP", async () => {
    const tcp = createSipTelephony({
      trunk: { host: "127.0.0.1", port: bs.port },
      transport: "tcp",
      username: null,
      password: null,
      register: false,
      bind: { host: "127.0.0.1", port: 0 },
      publicHost: "127.0.0.1",
      rtpPorts: { min: 41100, max: 41199 },
      from: "+15550001111",
      ringTimeoutMs: 1500,
      silenceTimeoutMs: 1500,
    });
    try {
      assert.match((await tcp.start()).message, /\(TCP\)/);
      const events: LegEvent[] = [];
      const leg = await tcp.dial({ to: "answers", callId: "tcp", persona: null, signal: new AbortController().signal });
      leg.on((e) => events.push(e));
      await until(() => events.some((e) => e.type === "audio"), { what: "audio over a TCP-signalled call" });
      await bs.command("hangup");
      await until(() => events.some((e) => e.type === "ended"), { what: "BYE over TCP" });
      assert.deepEqual(
        events.find((e) => e.type === "ended"),
        { type: "ended", reason: "completed" },
      );
    } finally {
      tcp.close();
    }
  });

  test("183 with early media, never answered: no answer, cancelled", async () => {
    const c = await dial("early");
    await until(() => c.ended() !== undefined, { ms: 5000, what: "no answer" });
    assert.equal(c.ended()!.reason, "no_answer");
    assert.ok(
      !c.events.some((e) => e.type === "answered" || e.type === "audio"),
      "early media is not the callee speaking",
    );
    await until(() => bs.events.some((e) => e.type === "CALL_CLOSED" && /early/.test(e.accountaor ?? "")), {
      what: "baresip saw the CANCEL",
    });
  });

  test("a callee who rejects the call is busy (486)", async () => {
    const c = await dial("rings");
    await until(() => bs.events.filter((e) => e.type === "CALL_INCOMING").length > 1, { what: "ringing" });
    await bs.command("hangup");
    await until(() => c.ended() !== undefined, { what: "rejected" });
    assert.equal(c.ended()!.reason, "busy", JSON.stringify(c.ended()));
  });
});

// kamailio as the trunk: it demands digest authentication for REGISTER (401) and INVITE (407), then relays
// the call to baresip with itself in the route set, so the ACK and the BYE go through it too.
describe("SIP trunk with digest authentication (kamailio in front of baresip)", () => {
  let bs: Baresip;
  let kam: Kamailio;
  let dir: string;
  const open: SipTelephony[] = [];

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-sip-auth-"));
    fs.writeFileSync(
      path.join(dir, "callee.wav"),
      encodeWav(
        Int16Array.from({ length: 8000 * 3 }, (_, i) => Math.round(6000 * Math.sin(i / 3))),
        8000,
      ),
    );
    bs = await startBaresip({
      accounts: [{ user: "answers", answer: "auto" }],
      sourceWav: path.join(dir, "callee.wav"),
      rtpPorts: [41500, 41599],
    });
    kam = await startKamailio({ username: "parley", password: "s3cret-pass", forwardTo: bs.port });
  });
  after(async () => {
    for (const s of open) s.close();
    await kam.close();
    await bs.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function telephony(
    password: string,
    at: Partial<SipTelephonyConfig> = { trunk: { host: "127.0.0.1", port: kam.port } },
  ): SipTelephony {
    const s = createSipTelephony({
      trunk: { host: "127.0.0.1", port: kam.port },
      username: "parley",
      password,
      register: true,
      bind: { host: "127.0.0.1", port: 0 },
      publicHost: "127.0.0.1",
      rtpPorts: { min: 41600, max: 41699 },
      from: null,
      ringTimeoutMs: 3000,
      silenceTimeoutMs: 3000,
      ...at,
    });
    open.push(s);
    return s;
  }

  test("registers and places an answered call with the right password; BYE goes through the proxy", async () => {
    const sip = telephony("s3cret-pass");
    const reg = await sip.start();
    assert.equal(reg.ok, true, reg.message);
    const events: LegEvent[] = [];
    const leg = await sip.dial({ to: "answers", callId: "auth", persona: null, signal: new AbortController().signal });
    leg.on((e) => events.push(e));
    await until(() => events.some((e) => e.type === "audio"), { what: "answered through kamailio" });
    const closed = bs.events.filter((e) => e.type === "CALL_CLOSED").length;
    leg.hangup();
    await until(() => bs.events.filter((e) => e.type === "CALL_CLOSED").length > closed, {
      what: "baresip got the BYE via kamailio",
    });
  });

  test("a trunk named by its domain alone is found by SRV: registered and called there, as is a transfer", async () => {
    // The provider's DNS (dnsmasq): _sip._udp.trunk.test points at kamailio's port on sbc.trunk.test.
    const dns = await startDnsmasq({
      srv: [{ service: "_sip._udp.trunk.test", target: "sbc.trunk.test", port: kam.port, priority: 10, weight: 5 }],
      hosts: [{ name: "sbc.trunk.test", address: "127.0.0.1" }],
    });
    try {
      const sip = telephony("s3cret-pass", { trunk: { host: "trunk.test", port: null }, dns: dns.resolver });
      const reg = await sip.start();
      assert.equal(reg.ok, true, reg.message);
      assert.match(reg.message, /^Registered sip:parley@trunk\.test at sip:trunk\.test /);
      const events: LegEvent[] = [];
      const leg = await sip.dial({ to: "answers", callId: "srv", persona: null, signal: new AbortController().signal });
      leg.on((e) => events.push(e));
      await until(() => events.some((e) => e.type === "audio"), { what: "answered through the SRV target" });
      leg.hangup();
      // A transfer to a SIP address without a port finds its host the same way.
      const person: LegEvent[] = [];
      const transfer = await sip.dial({
        to: "sip:answers@trunk.test",
        callId: "srv-transfer",
        persona: null,
        purpose: "transfer",
        signal: new AbortController().signal,
      });
      transfer.on((e) => person.push(e));
      await until(() => person.some((e) => e.type === "audio"), {
        what: "the transfer answered through the SRV target",
      });
      transfer.hangup();
    } finally {
      await dns.close();
    }
  });

  test("when the first SRV target is silent, registration and calls go to the next, which is kept", async () => {
    // The provider's first server is down: it takes packets and never answers.
    const silent = dgram.createSocket("udp4");
    const heardBySilent: string[] = [];
    silent.on("message", (m) => heardBySilent.push(m.toString().split(" ")[0]!));
    await new Promise<void>((resolve) => silent.bind(0, "127.0.0.1", resolve));
    const dns = await startDnsmasq({
      srv: [
        {
          service: "_sip._udp.trunk.test",
          target: "down.trunk.test",
          port: silent.address().port,
          priority: 10,
          weight: 5,
        },
        { service: "_sip._udp.trunk.test", target: "sbc.trunk.test", port: kam.port, priority: 20, weight: 5 },
      ],
      hosts: [
        { name: "down.trunk.test", address: "127.0.0.1" },
        { name: "sbc.trunk.test", address: "127.0.0.1" },
      ],
    });
    const call = async (sip: SipTelephony, callId: string) => {
      const events: LegEvent[] = [];
      const leg = await sip.dial({ to: "answers", callId, persona: null, signal: new AbortController().signal });
      leg.on((e) => events.push(e));
      await until(() => events.some((e) => e.type === "audio" || e.type === "ended"), {
        ms: 15_000,
        what: `${callId} answered`,
      });
      assert.ok(
        events.some((e) => e.type === "audio"),
        JSON.stringify(events.find((e) => e.type === "ended")),
      );
      leg.hangup();
    };
    try {
      const warnings: string[] = [];
      const at = { trunk: { host: "trunk.test", port: null }, dns: dns.resolver, ringTimeoutMs: 15_000 };
      const log = (level: string, message: string) => level === "warn" && warnings.push(message);
      const registered = telephony("s3cret-pass", { ...at, log });
      const reg = await registered.start();
      assert.equal(reg.ok, true, reg.message);
      assert.match(
        warnings[0] ?? "",
        new RegExp(
          `^SIP: the trunk's server 127\\.0\\.0\\.1:${silent.address().port} ` +
            `did not answer; trying 127\\.0\\.0\\.1:${kam.port}\\.$`,
        ),
      );
      await call(registered, "after-register");
      assert.deepEqual([...new Set(heardBySilent)], ["REGISTER"], "the call went straight to the server that answers");

      // A call is the first request of a trunk that does not register: its INVITE moves on to the next server.
      const unregistered = telephony("s3cret-pass", { ...at, register: false });
      await unregistered.start();
      await call(unregistered, "failover");
      assert.ok(heardBySilent.includes("INVITE"));
    } finally {
      silent.close();
      await dns.close();
    }
  });

  test("a wrong password: registration fails at start-up and the call fails saying so", async () => {
    const sip = telephony("wrong");
    const reg = await sip.start();
    assert.equal(reg.ok, false);
    assert.match(reg.message, /SIP registration at sip:127\.0\.0\.1:\d+ failed: 401 .*SIP_USERNAME and SIP_PASSWORD/);
    const events: LegEvent[] = [];
    const leg = await sip.dial({ to: "answers", callId: "bad", persona: null, signal: new AbortController().signal });
    leg.on((e) => events.push(e));
    await until(() => events.some((e) => e.type === "ended"), { what: "refused" });
    const ended = events.find((e) => e.type === "ended") as Extract<LegEvent, { type: "ended" }>;
    assert.equal(ended.reason, "failed");
    assert.match(ended.detail ?? "", /^SIP 407 .*refused our credentials/);
  });
});
