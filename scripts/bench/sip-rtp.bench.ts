/**
 * `npm run bench sip-rtp`: the SIP telephony's outgoing media under load.
 * CALLS (default 100; BENCH_SECONDS long) RTP sessions on
 * loopback, each sent one 20 ms G.711 frame per tick by the session's shared frame pacer (as live calls are),
 * received by one socket that timestamps every packet: send-interval error (|gap − 20 ms|) p50/p99/max,
 * packets lost, and the CPU per call (the whole process: pacer, RTP, receiver).
 *
 * The receiver runs in a thread of its own, so the times it notes are not held up by the event loop it
 * measures. MAIN_BUSY_MS (default 0) blocks the event loop that many ms every 97
 * ms (drifting across the 20 ms ticks), as a live agent's work
 * does (speech results, the brain, database answers): the RTP must keep time through it.
 */
import { Worker } from "node:worker_threads";
import { createFramePacer } from "@parley/voice/session/frame-pacer";
import { rtpThreadRealtime } from "@parley/voice/telephony/sip/rtp-io";
import { openRtpSession } from "@parley/voice/telephony/sip/rtp-session";

const CALLS = Number(process.env.CALLS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MAIN_BUSY_MS = Number(process.env.MAIN_BUSY_MS ?? 0);

// Plain JS (no loader needed): notes each packet's arrival against the one before it of the same source. The
// instrument runs at real-time priority where allowed, as the RTP thread does, so a busy host delays its notes no more.
const RECEIVER = `
const dgram = require("node:dgram");
const { parentPort } = require("node:worker_threads");
try { require("koffi").load("libc.so.6").func("int sched_setscheduler(int, int, const int *)")(0, 1, [10]); } catch {}
const sink = dgram.createSocket({ type: "udp4", recvBufferSize: 8 * 1024 * 1024 }); // a loss here would be the bench's
const last = new Map();
const errors = [];
let received = 0, lost = 0;
sink.on("message", (buf) => {
  const at = performance.now();
  if (buf.length < 12 || buf[0] >> 6 !== 2) return;
  const ssrc = buf.readUInt32BE(8), seq = buf.readUInt16BE(2);
  received++;
  const prev = last.get(ssrc);
  if (prev) {
    const step = (seq - prev.seq) & 0xffff;
    errors.push(Math.abs(at - prev.at - 20 * step));
    lost += step - 1;
  }
  last.set(ssrc, { at, seq });
});
sink.bind(0, "127.0.0.1", () => parentPort.postMessage({ port: sink.address().port }));
parentPort.on("message", () => { sink.close(); parentPort.postMessage({ errors, received, lost }); });
`;

export async function run(): Promise<void> {
  const receiver = new Worker(RECEIVER, { eval: true });
  const next = () => new Promise<any>((r) => receiver.once("message", r));
  const { port } = await next();
  const pacer = createFramePacer();
  const sessions = await Promise.all(
    Array.from({ length: CALLS }, () =>
      openRtpSession({
        bindHost: "127.0.0.1",
        ports: { min: 43000, max: 43000 + CALLS * 4 },
        silenceMs: 60_000,
        onFrame: () => {},
        onDtmf: () => {},
        onSilence: () => {},
      }),
    ),
  );
  const frame = Int16Array.from({ length: 160 }, (_, i) => Math.round(8000 * Math.sin(i / 4)));
  let sent = 0;
  const stops = sessions.map((s) => {
    s.start({ host: "127.0.0.1", port, codec: "PCMU", payloadType: 0, eventPayloadType: null });
    return pacer.add((late) => {
      for (let i = 0; i <= late; i++, sent++) s.send(frame);
    });
  });
  const busy =
    MAIN_BUSY_MS > 0
      ? setInterval(() => {
          const end = performance.now() + MAIN_BUSY_MS;
          while (performance.now() < end);
        }, 97)
      : null;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  if (busy) clearInterval(busy);
  stops.forEach((stop) => void stop());
  await new Promise((r) => setTimeout(r, 300));
  sessions.forEach((s) => void s.close());
  receiver.postMessage("done");
  const { errors, received, lost } = (await next()) as { errors: number[]; received: number; lost: number };
  await receiver.terminate();
  errors.sort((a, b) => a - b);
  const q = (p: number) => errors[Math.min(errors.length - 1, Math.floor(p * errors.length))]!.toFixed(2);
  const tickLate = pacer.takeLateness().sort((a, b) => a - b);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const rt = rtpThreadRealtime() ? "RTP thread at real-time priority" : "RTP thread at normal priority";
  console.log(
    `${CALLS} calls × ${SECONDS} s, ` +
      `${rt}${MAIN_BUSY_MS ? `, event loop blocked ${MAIN_BUSY_MS} ms every 97 ms` : ""}: ${sent} packets ` +
      `sent, ${received} received, ${lost} lost in sequence`,
  );
  console.log(
    `send-interval error (ms): p50 ${q(0.5)}, p99 ${q(0.99)}, max ${errors.at(-1)!.toFixed(2)}; pacer ` +
      `tick lateness p99 ${tickLate[Math.floor(tickLate.length * 0.99)]!.toFixed(2)} ms`,
  );
  // With MAIN_BUSY_MS the stand-in agent's spinning is most of the CPU: the media's own is measured without it.
  if (!MAIN_BUSY_MS)
    console.log(
      `CPU: ${((cpuMs / wall) * 100).toFixed(1)}% of a core in all, ` +
        `${(((cpuMs / wall) * 100) / CALLS).toFixed(3)}% per call`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
