import { test } from "node:test";
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import type { LegEvent } from "../call-leg.ts";
import { bytesToPcm16, pcm16ToBytes } from "./pcm-bytes.ts";
import { createWebCallLeg, type WebClientControl } from "./web-call-leg.ts";

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: (string | Buffer)[] = [];
  closed: number | null = null;
  send(data: string | Buffer) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closed = code;
    this.readyState = 3;
  }
  json() {
    return this.sent
      .filter((d): d is string => typeof d === "string")
      .map((d) => JSON.parse(d) as { type: string; speaking?: boolean });
  }
}

const parse = (text: string): WebClientControl | null => {
  const m = JSON.parse(text) as { type?: string };
  return m.type === "start" || m.type === "hangup" ? (m as WebClientControl) : null;
};

function setup() {
  const socket = new FakeSocket();
  const web = createWebCallLeg(socket, parse);
  const events: LegEvent[] = [];
  web.leg.on((e) => events.push(e));
  const control = (msg: object) => socket.emit("message", Buffer.from(JSON.stringify(msg)), false);
  const audio = (bytes: Buffer) => socket.emit("message", bytes, true);
  return { socket, web, events, control, audio };
}

test("PCM16 bytes are little-endian both ways and an odd trailing byte waits for the next message", () => {
  const samples = Int16Array.from([0, 1, -1, 32767, -32768, 258]);
  const bytes = pcm16ToBytes(samples);
  assert.deepEqual([...bytes.subarray(0, 6)], [0, 0, 1, 0, 0xff, 0xff]);
  const carry = { byte: null as number | null };
  const a = bytesToPcm16(bytes.subarray(0, 5), carry);
  assert.equal(carry.byte, 0xff);
  const b = bytesToPcm16(bytes.subarray(5), carry);
  assert.equal(carry.byte, null);
  assert.deepEqual([...a, ...b], [...samples]);
});

test("audio before start is dropped; start answers once; chunks are re-cut into 20 ms frames", () => {
  const { events, control, audio } = setup();
  audio(pcm16ToBytes(new Int16Array(320).fill(5)));
  assert.equal(events.length, 0);
  control({ type: "start" });
  control({ type: "start" });
  assert.deepEqual(events, [{ type: "answered" }]);
  // 128 ms of audio in uneven, odd-length pieces: 6 whole frames, the tail waits.
  const all = pcm16ToBytes(Int16Array.from({ length: 2048 }, (_, i) => i));
  audio(all.subarray(0, 1001));
  audio(all.subarray(1001, 3000));
  audio(all.subarray(3000));
  const frames = events.filter((e) => e.type === "audio");
  assert.equal(frames.length, 6);
  assert.ok(frames.every((f) => f.frame.length === 320));
  assert.deepEqual([...frames[5]!.frame.slice(0, 3)], [1600, 1601, 1602]);
});

test("agent frames go out as binary PCM and agent_speaking is sent on the edges", async () => {
  const { socket, web, control } = setup();
  control({ type: "start" });
  const frame = Int16Array.from({ length: 320 }, (_, i) => i - 160);
  web.leg.send(frame);
  web.leg.send(frame);
  const binary = socket.sent.filter((d): d is Buffer => Buffer.isBuffer(d));
  assert.equal(binary.length, 2);
  assert.deepEqual([...bytesToPcm16(binary[0]!, { byte: null })], [...frame]);
  assert.deepEqual(socket.json(), [{ type: "agent_speaking", speaking: true }]);
  await new Promise((r) => setTimeout(r, 200));
  assert.deepEqual(socket.json().at(-1), { type: "agent_speaking", speaking: false });
});

test("clear tells the browser to drop queued audio; hangup and close end the leg once", () => {
  const { socket, web, events, control } = setup();
  control({ type: "start" });
  web.leg.send(new Int16Array(320));
  web.leg.clear();
  assert.deepEqual(socket.json().slice(-2), [{ type: "clear" }, { type: "agent_speaking", speaking: false }]);
  control({ type: "hangup" });
  socket.emit("close");
  assert.deepEqual(
    events.filter((e) => e.type === "ended"),
    [{ type: "ended", reason: "completed" }],
  );
  web.leg.send(new Int16Array(320));
  assert.equal(socket.sent.filter((d) => Buffer.isBuffer(d)).length, 1);
});

test("a socket closed before start ends the call as cancelled; malformed control is ignored", () => {
  const { socket, events, control } = setup();
  control({ type: "dance" });
  assert.equal(events.length, 0);
  socket.emit("close");
  assert.deepEqual(events, [{ type: "ended", reason: "cancelled" }]);
});
