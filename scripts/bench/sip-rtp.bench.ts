/**
 * `npm run bench sip-rtp`: the SIP telephony's outgoing media under load. CALLS (default 100; BENCH_SECONDS long) RTP sessions on
 * loopback, each sent one 20 ms G.711 frame per tick by the session's shared frame pacer (as live calls are),
 * received by one socket that timestamps every packet: send-interval error (|gap − 20 ms|) p50/p99/max,
 * packets lost, and the CPU per call. The receiver runs in this process too, so its own work is counted.
 */
import dgram from "node:dgram";
import { createFramePacer } from "@parley/voice/session/frame-pacer";
import { openRtpSession } from "@parley/voice/telephony/sip/rtp-session";
import { parseRtp } from "@parley/voice/telephony/sip/rtp";

const CALLS = Number(process.env.CALLS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export async function run(): Promise<void> {
  // A deep receive buffer: a packet lost here would be the bench's, not the sender's.
  const sink = dgram.createSocket({ type: "udp4", recvBufferSize: 8 * 1024 * 1024 });
  await new Promise<void>((r) => sink.bind(0, "127.0.0.1", r));
  const last = new Map<number, { at: number; seq: number }>();
  const errors: number[] = [];
  let received = 0;
  let lost = 0;
  sink.on("message", (buf) => {
    const at = performance.now();
    const p = parseRtp(buf);
    if (!p) return;
    received++;
    const prev = last.get(p.ssrc);
    if (prev) {
      errors.push(Math.abs(at - prev.at - 20 * ((p.seq - prev.seq) & 0xffff)));
      lost += ((p.seq - prev.seq) & 0xffff) - 1;
    }
    last.set(p.ssrc, { at, seq: p.seq });
  });
  const pacer = createFramePacer();
  const sessions = await Promise.all(
    Array.from({ length: CALLS }, () =>
      openRtpSession({ bindHost: "127.0.0.1", ports: { min: 43000, max: 43000 + CALLS * 4 }, silenceMs: 60_000, onFrame: () => {}, onDtmf: () => {}, onSilence: () => {} }),
    ),
  );
  const frame = Int16Array.from({ length: 160 }, (_, i) => Math.round(8000 * Math.sin(i / 4)));
  let sent = 0;
  const stops = sessions.map((s) => {
    s.start({ host: "127.0.0.1", port: sink.address().port, codec: "PCMU", payloadType: 0, eventPayloadType: null });
    return pacer.add((late) => {
      for (let i = 0; i <= late; i++, sent++) s.send(frame);
    });
  });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  stops.forEach((stop) => stop());
  await new Promise((r) => setTimeout(r, 200));
  sessions.forEach((s) => s.close());
  sink.close();
  errors.sort((a, b) => a - b);
  const q = (p: number) => errors[Math.min(errors.length - 1, Math.floor(p * errors.length))]!.toFixed(2);
  const tickLate = pacer.takeLateness().sort((a, b) => a - b);
  console.log(`${CALLS} calls × ${SECONDS} s: ${sent} packets sent, ${received} received, ${lost} lost in sequence`);
  console.log(`send-interval error (ms): p50 ${q(0.5)}, p99 ${q(0.99)}, max ${errors.at(-1)!.toFixed(2)}; pacer tick lateness p99 ${tickLate[Math.floor(tickLate.length * 0.99)]!.toFixed(2)} ms`);
  console.log(`CPU: ${(((cpu.user + cpu.system) / 1000 / wall) * 100).toFixed(1)}% of a core in all, ${(((cpu.user + cpu.system) / 1000 / wall) * 100 / CALLS).toFixed(3)}% per call`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
