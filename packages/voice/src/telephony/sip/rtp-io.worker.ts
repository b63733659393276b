import crypto from "node:crypto";
import dgram from "node:dgram";
import { parentPort } from "node:worker_threads";
import { tryRealtimeThread } from "../../os/realtime-thread.ts";
import type { FromWorker, ToWorker, TimedPacket } from "./rtp-io.ts";

/**
 * The process's RTP sockets, in a thread whose event loop does nothing else: each packet leaves at the time
 * the call gave it, however busy the main thread is with the calls' agents (speech results, the brain,
 * the database), and what arrives is handed over in batches. One thread for every call: a packet per call
 * every 20 ms is little work, and one timer serves them all.
 */
const port = parentPort!;
// Where the system allows it, this thread alone runs at real-time priority: it only sends and hands over packets.
const realtime = tryRealtimeThread(10);
port.postMessage({ op: "ready", realtime } satisfies FromWorker);
const sockets = new Map<number, dgram.Socket>();
const portsInUse = new Set<number>();
const wallNow = () => performance.timeOrigin + performance.now();

let due: TimedPacket[] = []; // by time to send
let timer: NodeJS.Timeout | null = null;

function sendDue(): void {
  timer = null;
  const now = wallNow();
  let n = 0;
  // Timers fire on whole milliseconds: a packet due within half of one goes now rather than a tick late.
  while (n < due.length && due[n]!.at <= now + 0.5) {
    const p = due[n++]!;
    sockets.get(p.id)?.send(p.data, p.port, p.host);
  }
  if (n) due = due.slice(n);
  arm();
}

function arm(): void {
  if (timer || !due.length) return;
  timer = setTimeout(sendDue, Math.max(0, due[0]!.at - wallNow()));
}

let arrived: Extract<FromWorker, { op: "packets" }>["items"] = [];
function deliver(): void {
  port.postMessage({ op: "packets", items: arrived } satisfies FromWorker);
  arrived = [];
}

async function open(id: number, host: string, min: number, max: number): Promise<number> {
  const socket = await bindEvenPort(host, min, max);
  sockets.set(id, socket);
  socket.on("message", (data, from) => {
    // Everything that arrived in one turn of this loop goes over in one message.
    if (!arrived.length) setImmediate(deliver);
    arrived.push({ id, data, address: from.address, port: from.port });
  });
  socket.on("error", () => {}); // ICMP unreachable and the like: the call's silence timer decides
  return socket.address().port;
}

port.on("message", (m: ToWorker) => {
  if (m.op === "send") {
    due.push(...m.items);
    due.sort((a, b) => a.at - b.at);
    // The new packets may be due before the one the timer waits for.
    if (timer) clearTimeout(timer);
    timer = null;
    arm();
  } else if (m.op === "drop") {
    due = due.filter((p) => p.id !== m.id);
  } else if (m.op === "open") {
    open(m.id, m.host, m.min, m.max).then(
      (p) => port.postMessage({ op: "opened", id: m.id, port: p } satisfies FromWorker),
      (err: Error) => port.postMessage({ op: "opened", id: m.id, error: err.message } satisfies FromWorker),
    );
  } else if (m.op === "close") {
    const socket = sockets.get(m.id);
    sockets.delete(m.id);
    if (!socket) return;
    portsInUse.delete(socket.address().port);
    socket.close();
  }
});

/** An even port of the range (RFC 3550 §11: RTP on even ports), tried from a random place in it. */
async function bindEvenPort(host: string, min: number, max: number): Promise<dgram.Socket> {
  const first = min + (min % 2);
  const count = Math.floor((max - first) / 2) + 1;
  const offset = crypto.randomInt(0, Math.max(1, count));
  for (let i = 0; i < count; i++) {
    const p = first + ((offset + i) % count) * 2;
    if (portsInUse.has(p)) continue;
    portsInUse.add(p);
    const socket = dgram.createSocket(host.includes(":") ? "udp6" : "udp4");
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("error", reject);
        socket.bind(p, host, () => {
          socket.off("error", reject);
          resolve();
        });
      });
      return socket;
    } catch {
      portsInUse.delete(p);
      socket.close();
    }
  }
  throw new Error(`No free RTP port in RTP_PORTS ${min}-${max}.`);
}
