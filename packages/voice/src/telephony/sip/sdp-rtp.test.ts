import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeAlaw, encodeAlaw } from "../../audio/alaw.ts";
import { createJitterBuffer } from "./jitter-buffer.ts";
import { buildRtp, parseRtp, parseTelephoneEvent } from "./rtp.ts";
import { audioRate, parseSdpAnswer, sdpOffer, type AudioCodec } from "./sdp.ts";

test("the offer carries PCMU, PCMA and telephone-event; the answer's choice is read", () => {
  const offer = sdpOffer({ host: "203.0.113.5", port: 10002, sessionId: 1 });
  assert.match(offer, /m=audio 10002 RTP\/AVP 0 8 101\r\n/);
  assert.match(offer, /a=rtpmap:101 telephone-event\/8000/);
  const answer =
    "v=0\r\no=- 1 1 IN IP4 198.51.100.1\r\ns=-\r\nc=IN IP4 198.51.100.1\r\nt=0 0\r\nm=audio 4000 " +
    "RTP/AVP 8 96\r\nc=IN IP4 198.51.100.9\r\na=rtpmap:96 telephone-event/8000\r\n";
  assert.deepEqual(parseSdpAnswer(answer), {
    host: "198.51.100.9",
    port: 4000,
    codec: "PCMA",
    payloadType: 8,
    eventPayloadType: 96,
  });
  assert.equal(parseSdpAnswer(answer.replace("m=audio 4000", "m=audio 0")), null, "a refused stream");
  assert.equal(parseSdpAnswer(answer.replace("RTP/AVP 8 96", "RTP/AVP 18")), null, "no G.711");
  assert.equal(parseSdpAnswer("nonsense"), null);
});

test("G.722 where both ends carry it: taken from an offer wherever it is, offered and answered at 8000 Hz", () => {
  const offer = (formats: string, maps = "") =>
    "v=0\r\no=- 1 1 IN IP4 198.51.100.1\r\ns=-\r\nc=IN IP4 " +
    `198.51.100.1\r\nt=0 0\r\nm=audio 4000 RTP/AVP ${formats}\r\n${maps}`;
  const wideband: AudioCodec[] = ["G722", "PCMU", "PCMA"];
  assert.equal(
    parseSdpAnswer(offer("0 8 9 101", "a=rtpmap:9 G722/8000\r\na=rtpmap:101 telephone-event/8000\r\n"), wideband)
      ?.codec,
    "G722",
  );
  assert.equal(parseSdpAnswer(offer("0 9"), wideband)?.codec, "G722", "a static payload type needs no rtpmap");
  assert.equal(parseSdpAnswer(offer("0 9"))?.codec, "PCMU", "not carried unless asked for");
  assert.equal(parseSdpAnswer(offer("8 0 9"), ["PCMU", "PCMA"])?.codec, "PCMA", "of G.711, their preference");
  assert.equal(parseSdpAnswer(offer("9"), ["PCMU", "PCMA"]), null, "G.722 alone, where it is not carried");
  assert.equal(
    parseSdpAnswer(offer("96", "a=rtpmap:96 G722/8000\r\n"), wideband)?.payloadType,
    96,
    "a dynamic payload type",
  );
  assert.match(
    sdpOffer({ host: "203.0.113.5", port: 10002, sessionId: 1, codecs: wideband }),
    /m=audio 10002 RTP\/AVP 9 0 8 101\r\na=rtpmap:9 G722\/8000\r\n/,
  );
  const answer = sdpOffer({
    host: "203.0.113.5",
    port: 10002,
    sessionId: 1,
    answer: parseSdpAnswer(offer("0 9"), wideband)!,
  });
  assert.match(answer, /m=audio 10002 RTP\/AVP 9\r\na=rtpmap:9 G722\/8000\r\n/);
  assert.deepEqual([audioRate("G722"), audioRate("PCMU")], [16_000, 8000]);
});

test("RTP packets round-trip; telephone-events give digits; junk is dropped", () => {
  const p = parseRtp(
    buildRtp({ payloadType: 0, marker: true, seq: 65535, timestamp: 4294967295, ssrc: 42 }, new Uint8Array([1, 2, 3])),
  )!;
  assert.deepEqual(
    { ...p, payload: [...p.payload] },
    { payloadType: 0, marker: true, seq: 65535, timestamp: 4294967295, ssrc: 42, payload: [1, 2, 3] },
  );
  assert.deepEqual(parseTelephoneEvent(Buffer.from([11, 0x8a, 0x03, 0x20])), { digit: "#", end: true, duration: 800 });
  assert.equal(parseTelephoneEvent(Buffer.from([16, 0, 0, 0])), null);
  for (const bad of [
    Buffer.alloc(0),
    Buffer.alloc(11),
    Buffer.from([0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    Buffer.from([0x8f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
  ])
    assert.equal(parseRtp(bad), null);
});

test("the jitter buffer reorders, drops late and duplicate packets, and fills a short gap", () => {
  const out: Array<string | null> = [];
  const jb = createJitterBuffer<string>({ depth: 2, release: (x) => out.push(x) });
  for (const seq of [65534, 0, 65535, 65535, 3, 2, 1, 5]) jb.push(seq, String(seq));
  jb.push(0, "late");
  jb.flush();
  assert.deepEqual(out, ["65534", "65535", "0", "1", "2", "3", null, "5"]);
});

test("A-law keeps speech within G.711's step size", () => {
  const pcm = Int16Array.from({ length: 400 }, (_, i) => Math.round(20000 * Math.sin(i / 7)));
  const back = decodeAlaw(encodeAlaw(pcm));
  for (let i = 0; i < pcm.length; i++)
    assert.ok(Math.abs(back[i]! - pcm[i]!) <= Math.max(16, Math.abs(pcm[i]!) / 16), `${pcm[i]} → ${back[i]}`);
});
