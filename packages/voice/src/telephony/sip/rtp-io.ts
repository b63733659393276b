import type { Worker } from "node:worker_threads";
import { startTsWorker } from "../../os/ts-worker.ts";

/** A packet to send at `at` (ms since the epoch, `wallNow`: the same clock in every thread). */
export type TimedPacket = { id: number; data: Uint8Array; host: string; port: number; at: number };
export type ToWorker =
  | { op: "open"; id: number; host: string; min: number; max: number }
  | { op: "send"; items: TimedPacket[] }
  | { op: "drop"; id: number }
  | { op: "close"; id: number };
export type FromWorker =
  | { op: "ready"; realtime: boolean }
  | { op: "opened"; id: number; port?: number; error?: string }
  | { op: "packets"; items: Array<{ id: number; data: Uint8Array; address: string; port: number }> };

export type RtpSocket = {
  port: number;
  /** Sends `data` at `at` (`wallNow()` time), from the RTP thread. */
  sendAt(data: Uint8Array, host: string, port: number, at: number): void;
  /** Drops the packets given to `sendAt` that have not left yet. */
  dropUnsent(): void;
  close(): void;
};

/** Milliseconds since the epoch, fractional; comparable between threads (performance.now() is per thread). */
export const wallNow = () => performance.timeOrigin + performance.now();

let worker: Worker | null = null;
let nextId = 1;
const receivers = new Map<number, (data: Buffer, from: { address: string; port: number }) => void>();
const opening = new Map<number, { resolve(port: number): void; reject(err: Error): void }>();
let batch: TimedPacket[] = [];
let realtime: boolean | null = null;

/** Whether the RTP thread runs at real-time priority (null until it has started). */
export const rtpThreadRealtime = () => realtime;

function rtpThread(): Worker {
  if (worker) return worker;
  const w = startTsWorker(new URL("./rtp-io.worker.ts", import.meta.url));
  w.on("message", (m: FromWorker) => {
    if (m.op === "packets") {
      for (const p of m.items)
        receivers.get(p.id)?.(Buffer.from(p.data.buffer, p.data.byteOffset, p.data.byteLength), p);
    } else if (m.op === "ready") {
      realtime = m.realtime;
    } else {
      const o = opening.get(m.id);
      opening.delete(m.id);
      if (m.port) o?.resolve(m.port);
      else o?.reject(new Error(m.error ?? "The RTP port could not be opened."));
    }
  });
  // A dead RTP thread fails the ports being opened; live calls then hear nothing and end as dropped.
  w.on("error", (err) => {
    for (const o of opening.values()) o.reject(err);
    opening.clear();
    worker = null;
  });
  // Calls keep their own handles; the RTP thread must not keep a stopping process alive (after the listeners:
  // adding a message listener refs the worker's port again).
  w.unref();
  worker = w;
  return w;
}

/**
 * One call's RTP socket, on an even port of `range`, held by the process's RTP thread (rtp-io.worker.ts) so
 * that packets leave on time while this thread is busy. Every packet sent in one turn of this thread's event
 * loop (a pacer tick sends one per call) crosses in one message.
 */
export async function openRtpSocket(
  host: string,
  range: { min: number; max: number },
  onPacket: (data: Buffer, from: { address: string; port: number }) => void,
): Promise<RtpSocket> {
  const w = rtpThread();
  const id = nextId++;
  const port = await new Promise<number>((resolve, reject) => {
    opening.set(id, { resolve, reject });
    w.postMessage({ op: "open", id, host, min: range.min, max: range.max } satisfies ToWorker);
  });
  receivers.set(id, onPacket);
  return {
    port,
    sendAt(data, host, port, at) {
      if (!batch.length)
        queueMicrotask(() => {
          if (batch.length) worker?.postMessage({ op: "send", items: batch } satisfies ToWorker);
          batch = [];
        });
      batch.push({ id, data, host, port, at });
    },
    dropUnsent() {
      batch = batch.filter((p) => p.id !== id);
      worker?.postMessage({ op: "drop", id } satisfies ToWorker);
    },
    close() {
      receivers.delete(id);
      worker?.postMessage({ op: "close", id } satisfies ToWorker);
    },
  };
}
