import { test } from "node:test";
import assert from "node:assert/strict";
import dgram from "node:dgram";
import { openG722 } from "../../audio/g722.ts";
import { levelDb } from "../../audio/frames.ts";
import { tone6kHz } from "../../../../../tests/support/wideband-audio.ts";
import { encodeMulaw } from "../../audio/mulaw.ts";
import { until } from "../../../../../tests/support/until.ts";
import { buildRtp, parseRtp } from "./rtp.ts";
import { openRtpSession, type RtpSessionEvents } from "./rtp-session.ts";

/** The far end: a UDP socket on loopback keeping every packet it receives. */
async function farEnd() {
  const peer = dgram.createSocket("udp4");
  await new Promise<void>((r) => peer.bind(0, "127.0.0.1", r));
  const out: Buffer[] = [];
  peer.on("message", (b) => out.push(b));
  return { peer, out };
}
const session = (on: Partial<RtpSessionEvents> = {}, silenceMs = 10_000) =>
  openRtpSession({
    bindHost: "127.0.0.1",
    ports: { min: 42000, max: 42100 },
    silenceMs,
    onFrame: () => {},
    onDtmf: () => {},
    onSilence: () => {},
    ...on,
  });

test("RTP in: reordered audio comes in order, a key is one digit, junk dropped; out: G.711, seq rises", async () => {
  const { peer, out } = await farEnd();
  const frames: Int16Array[] = [];
  const digits: string[] = [];
  const rtp = await session({ onFrame: (f) => frames.push(f), onDtmf: (d) => digits.push(d) });
  rtp.start({ host: "127.0.0.1", port: peer.address().port, codec: "PCMU", payloadType: 0, eventPayloadType: 101 });
  const send = (b: Buffer) => peer.send(b, rtp.port, "127.0.0.1");
  const audio = (seq: number, level: number) =>
    buildRtp(
      { payloadType: 0, marker: false, seq, timestamp: seq * 160, ssrc: 7 },
      encodeMulaw(new Int16Array(160).fill(level)),
    );
  for (const seq of [10, 12, 11, 13]) send(audio(seq, seq * 100));
  // RFC 4733: one key press is several packets with one timestamp (the last three marked end).
  for (const end of [0, 0, 0x80, 0x80, 0x80])
    send(
      buildRtp(
        { payloadType: 101, marker: false, seq: 14, timestamp: 9999, ssrc: 7 },
        Buffer.from([1, end | 10, 0, 160]),
      ),
    );
  for (const junk of [
    Buffer.from("not rtp at all"),
    Buffer.alloc(3),
    buildRtp({ payloadType: 34, marker: false, seq: 15, timestamp: 1, ssrc: 7 }, new Uint8Array(160)),
  ])
    send(junk);
  await until(() => frames.length === 4 && digits.length === 1, { what: "frames and the digit" });
  assert.deepEqual(
    frames.map((f) => Math.round(f[0]! / 100)),
    [10, 11, 12, 13],
  );
  assert.deepEqual(digits, ["1"]);
  for (let i = 0; i < 3; i++) rtp.send(new Int16Array(160).fill(1000));
  await until(() => out.length === 3, { what: "our packets" });
  const sent = out.map((b) => parseRtp(b)!);
  assert.deepEqual(
    sent.map((p) => p.payloadType),
    [0, 0, 0],
  );
  assert.deepEqual(
    sent.map((p) => (p.seq - sent[0]!.seq) & 0xffff),
    [0, 1, 2],
  );
  assert.deepEqual(
    sent.map((p) => (p.timestamp - sent[0]!.timestamp) >>> 0),
    [0, 160, 320],
  );
  rtp.close();
  peer.close();
});

test("a far end behind NAT (its SDP names a private address) is answered where its RTP comes from", async () => {
  const { peer, out } = await farEnd();
  const rtp = await session();
  const frame = () => rtp.send(new Int16Array(160).fill(1000));
  // A softphone at home: its SDP says 192.168.1.23, its packets arrive from its router's public address.
  rtp.start({ host: "192.168.1.23", port: 4000, codec: "PCMU", payloadType: 0, eventPayloadType: null });
  frame(); // before its first packet, audio goes where the SDP says (and is lost, as with any NAT)
  peer.send(
    buildRtp({ payloadType: 0, marker: false, seq: 1, timestamp: 160, ssrc: 9 }, new Uint8Array(160)),
    rtp.port,
    "127.0.0.1",
  );
  await new Promise((r) => setTimeout(r, 100));
  for (let i = 0; i < 3; i++) frame();
  await until(() => out.length === 3, { what: "our audio at the address its RTP came from" });
  // An SDP naming a routable address is kept to, even when RTP comes from elsewhere (not ours to move).
  rtp.start({ host: "192.0.2.44", port: 4000, codec: "PCMU", payloadType: 0, eventPayloadType: null });
  peer.send(
    buildRtp({ payloadType: 0, marker: false, seq: 2, timestamp: 320, ssrc: 9 }, new Uint8Array(160)),
    rtp.port,
    "127.0.0.1",
  );
  await new Promise((r) => setTimeout(r, 100));
  for (let i = 0; i < 3; i++) frame();
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(out.length, 3);
  rtp.close();
  peer.close();
});

test("a line with no RTP reports silence after the timeout, again after the answer following early media", async () => {
  let silences = 0;
  const rtp = await session({ onSilence: () => silences++ }, 200);
  const remote = { host: "127.0.0.1", port: 9, codec: "PCMA" as const, payloadType: 8, eventPayloadType: null };
  rtp.start(remote); // 183 with SDP: early media that then stops
  await until(() => silences === 1, { ms: 2000, what: "silence during early media" });
  rtp.start(remote); // the 200: the answered call gets its own full period
  await until(() => silences === 2, { ms: 2000, what: "silence after the answer" });
  rtp.close();
});

test("barge-in: clear drops the agent's audio not yet sent; what follows is sent", async () => {
  const { peer, out } = await farEnd();
  const rtp = await session();
  rtp.start({ host: "127.0.0.1", port: peer.address().port, codec: "PCMU", payloadType: 0, eventPayloadType: null });
  for (let i = 0; i < 3; i++) rtp.send(new Int16Array(160).fill(1000)); // held SEND_LEAD_MS ahead
  rtp.clear();
  rtp.send(new Int16Array(160).fill(-1000));
  await until(() => out.length >= 1, { what: "the frame after the barge-in" });
  // The cleared frames were due first (the first of them strictly before it): had one been sent, it would lead.
  assert.equal(parseRtp(out[0]!)!.payload[0], encodeMulaw(new Int16Array(1).fill(-1000))[0]);
  rtp.close();
  peer.close();
});

test("G.722: 20 ms frames of 16 kHz audio each way, 160 bytes a packet, timestamps on the 8000 Hz clock", async () => {
  const { peer, out } = await farEnd();
  const frames: Int16Array[] = [];
  const rtp = await session({ onFrame: (f) => frames.push(f) });
  rtp.start({ host: "127.0.0.1", port: peer.address().port, codec: "G722", payloadType: 9, eventPayloadType: null });
  const far = openG722();
  for (let n = 0; n < 10; n++)
    peer.send(
      buildRtp({ payloadType: 9, marker: false, seq: n, timestamp: n * 160, ssrc: 7 }, far.encode(tone6kHz(n))),
      rtp.port,
      "127.0.0.1",
    );
  await until(() => frames.length >= 8, { what: "the far end's frames" });
  assert.ok(
    frames.every((f) => f.length === 320),
    "20 ms at 16 kHz",
  );
  assert.ok(levelDb(frames[6]!) > -20, `the 6 kHz tone came through: ${levelDb(frames[6]!).toFixed(0)} dB`);
  for (let n = 0; n < 3; n++) rtp.send(tone6kHz(n));
  await until(() => out.length === 3, { what: "our packets" });
  const sent = out.map((b) => parseRtp(b)!);
  assert.deepEqual(
    sent.map((p) => [p.payloadType, p.payload.length]),
    [
      [9, 160],
      [9, 160],
      [9, 160],
    ],
  );
  assert.deepEqual(
    sent.map((p) => (p.timestamp - sent[0]!.timestamp) >>> 0),
    [0, 160, 320],
  );
  const heard = sent.map((p) => far.decode(p.payload));
  assert.ok(levelDb(heard[2]!) > -20, `the far end hears our 6 kHz tone: ${levelDb(heard[2]!).toFixed(0)} dB`);
  far.close();
  rtp.close();
  peer.close();
});
