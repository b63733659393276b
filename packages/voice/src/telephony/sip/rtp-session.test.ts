import { test } from "node:test";
import assert from "node:assert/strict";
import dgram from "node:dgram";
import { encodeMulaw } from "../../audio/mulaw.ts";
import { until } from "../../../../../tests/support/until.ts";
import { buildRtp, parseRtp } from "./rtp.ts";
import { openRtpSession } from "./rtp-session.ts";

test("RTP in: reordered audio comes out in order, a key press is one digit, junk is dropped; RTP out is G.711 with rising seq", async () => {
  const peer = dgram.createSocket("udp4");
  await new Promise<void>((r) => peer.bind(0, "127.0.0.1", r));
  const frames: Int16Array[] = [];
  const digits: string[] = [];
  const rtp = await openRtpSession({ bindHost: "127.0.0.1", ports: { min: 42000, max: 42100 }, silenceMs: 10_000, onFrame: (f) => frames.push(f), onDtmf: (d) => digits.push(d), onSilence: () => {} });
  rtp.start({ host: "127.0.0.1", port: peer.address().port, codec: "PCMU", payloadType: 0, eventPayloadType: 101 });
  const out: Buffer[] = [];
  peer.on("message", (b) => out.push(b));
  const send = (b: Buffer) => peer.send(b, rtp.port, "127.0.0.1");
  const audio = (seq: number, level: number) => buildRtp({ payloadType: 0, marker: false, seq, timestamp: seq * 160, ssrc: 7 }, encodeMulaw(new Int16Array(160).fill(level)));
  for (const seq of [10, 12, 11, 13]) send(audio(seq, seq * 100));
  // RFC 4733: one key press is several packets with one timestamp (the last three marked end).
  for (const end of [0, 0, 0x80, 0x80, 0x80]) send(buildRtp({ payloadType: 101, marker: false, seq: 14, timestamp: 9999, ssrc: 7 }, Buffer.from([1, end | 10, 0, 160])));
  for (const junk of [Buffer.from("not rtp at all"), Buffer.alloc(3), buildRtp({ payloadType: 34, marker: false, seq: 15, timestamp: 1, ssrc: 7 }, new Uint8Array(160))]) send(junk);
  await until(() => frames.length === 4 && digits.length === 1, { what: "frames and the digit" });
  assert.deepEqual(frames.map((f) => Math.round(f[0]! / 100)), [10, 11, 12, 13]);
  assert.deepEqual(digits, ["1"]);
  for (let i = 0; i < 3; i++) rtp.send(new Int16Array(160).fill(1000));
  await until(() => out.length === 3, { what: "our packets" });
  const sent = out.map((b) => parseRtp(b)!);
  assert.deepEqual(sent.map((p) => p.payloadType), [0, 0, 0]);
  assert.deepEqual(sent.map((p) => (p.seq - sent[0]!.seq) & 0xffff), [0, 1, 2]);
  assert.deepEqual(sent.map((p) => (p.timestamp - sent[0]!.timestamp) >>> 0), [0, 160, 320]);
  rtp.close();
  peer.close();
});

test("a line with no RTP reports silence after the timeout, again after the answer that follows early media", async () => {
  let silences = 0;
  const rtp = await openRtpSession({ bindHost: "127.0.0.1", ports: { min: 42000, max: 42100 }, silenceMs: 200, onFrame: () => {}, onDtmf: () => {}, onSilence: () => silences++ });
  const remote = { host: "127.0.0.1", port: 9, codec: "PCMA" as const, payloadType: 8, eventPayloadType: null };
  rtp.start(remote); // 183 with SDP: early media that then stops
  await until(() => silences === 1, { ms: 2000, what: "silence during early media" });
  rtp.start(remote); // the 200: the answered call gets its own full period
  await until(() => silences === 2, { ms: 2000, what: "silence after the answer" });
  rtp.close();
});

test("barge-in: clear drops the agent's audio not yet sent; what follows is sent", async () => {
  const peer = dgram.createSocket("udp4");
  await new Promise<void>((r) => peer.bind(0, "127.0.0.1", r));
  const out: Buffer[] = [];
  peer.on("message", (b) => out.push(b));
  const rtp = await openRtpSession({ bindHost: "127.0.0.1", ports: { min: 42000, max: 42100 }, silenceMs: 10_000, onFrame: () => {}, onDtmf: () => {}, onSilence: () => {} });
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
