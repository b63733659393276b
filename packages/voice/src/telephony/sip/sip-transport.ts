import crypto from "node:crypto";
import {
  header,
  headerList,
  parseCSeq,
  parseSipMessage,
  serializeSip,
  type SipHeaders,
  type SipRequest,
  type SipResponse,
} from "./sip-message.ts";
import { openTcpWire, openUdpWire, type HostPort, type SipProto, type SipWire } from "./sip-wire.ts";

export type { HostPort, SipProto };
export type ResponseHandler = (res: SipResponse | "timeout") => void;
export type IncomingRequest = {
  req: SipRequest;
  from: HostPort;
  reply: (status: number, reason: string, extra?: SipHeaders, body?: string) => void;
};

// RFC 3261 §17.1.1.2 timers over UDP: T1 = 500 ms (RTT estimate), T2 = 4 s, a transaction gives up after 64·T1.
const T1 = 500;
const T2 = 4000;
const TIMEOUT = 64 * T1;

type ClientTx = {
  req: SipRequest;
  to: HostPort;
  onResponse: ResponseHandler;
  timers: NodeJS.Timeout[];
  done: boolean;
  provisional: boolean;
  /** Ends the transaction as timed out, when it fires (64·T1 after the request: Timer B or F). */
  giveUp: () => void;
  deadline: number;
};

/**
 * SIP over UDP or TCP (RFC 3261 §18) with client transactions (§17.1): over UDP requests are retransmitted
 * until a response (INVITE until a provisional one); either way they time out after 32 s (at once when a TCP
 * connection to the peer fails), and a non-2xx final answer to an INVITE is
 * acknowledged here (§17.1.1.3). Responses reach their transaction by the Via branch and CSeq method;
 * requests from the network go to `onRequest` with a `reply` that copies the headers §8.2.6 asks for.
 * Undecodable datagrams are dropped.
 */
export async function openSipTransport(o: {
  bind: HostPort;
  publicHost: string;
  proto?: SipProto;
  onRequest: (r: IncomingRequest) => void;
}) {
  const transactions = new Map<string, ClientTx>();
  let closed = false;
  const onWire = (buf: Buffer, from: HostPort, answer: (b: Buffer) => void) => {
    const msg = parseSipMessage(buf);
    if (!msg || closed) return;
    if (msg.kind === "response") return onResponse(msg);
    o.onRequest({
      req: msg,
      from,
      reply: (status, reason, extra = [], body = "") =>
        !closed && answer(serializeSip(responseTo(msg, status, reason, extra, body))),
    });
  };
  const onUnreachable = (to: HostPort) => {
    for (const [k, tx] of transactions) {
      if (tx.done || tx.to.host !== to.host || tx.to.port !== to.port) continue;
      tx.done = true;
      tx.timers.forEach(clearTimeout);
      transactions.delete(k);
      tx.onResponse("timeout");
    }
  };
  const wire: SipWire =
    o.proto === "tcp" ? await openTcpWire(o.bind, onWire, onUnreachable) : await openUdpWire(o.bind, onWire);
  const port = wire.port;
  const reliable = wire.proto === "tcp";

  const send = (msg: SipRequest | SipResponse, to: HostPort) => {
    if (!closed) wire.send(serializeSip(msg), to);
  };

  function onResponse(res: SipResponse): void {
    const branch = viaBranch(header(res.headers, "via") ?? "");
    const method = parseCSeq(header(res.headers, "cseq")!)!.method;
    const tx = transactions.get(`${branch}|${method}`);
    if (!tx) return;
    if (res.status < 200) {
      if (tx.done) return;
      if (!tx.provisional) {
        tx.provisional = true;
        tx.timers.forEach(clearTimeout);
        // A non-INVITE keeps retransmitting at T2 after a provisional answer, until Timer F; an INVITE waits
        // for its final answer however long (§17.1.1.2, §17.1.2.2).
        if (method !== "INVITE") {
          retransmit(tx, T2);
          tx.timers.push(setTimeout(tx.giveUp, tx.deadline - Date.now()));
        }
      }
    } else {
      const again = tx.done;
      if (method === "INVITE" && res.status >= 300) send(ackForFailure(tx.req, res), tx.to);
      // Only a 2xx to an INVITE repeats to the dialog (which acknowledges it again); other repeats stop here.
      if (again && !(method === "INVITE" && res.status < 300)) return;
      if (!again) {
        tx.done = true;
        tx.timers.forEach(clearTimeout);
        // Kept a while so retransmitted finals find it.
        tx.timers = [setTimeout(() => transactions.delete(`${branch}|${method}`), TIMEOUT).unref()];
      }
    }
    tx.onResponse(res);
  }

  function retransmit(tx: ClientTx, interval: number): void {
    if (reliable) return; // TCP delivers or fails: no retransmissions (§17.1.1.2)
    const t = setTimeout(() => {
      if (tx.done || closed) return;
      send(tx.req, tx.to);
      retransmit(tx, Math.min(interval * 2, tx.req.method === "INVITE" ? Infinity : T2));
    }, interval);
    tx.timers.push(t);
  }

  return {
    port,
    proto: wire.proto,
    /** Where requests of ours say replies go (Via) and where we are reached (Contact). */
    localAddress: { host: o.publicHost, port },
    newBranch: () => `z9hG4bK${crypto.randomBytes(8).toString("hex")}`,
    /**
     * Sends a request as a new client transaction; its Via (top) must carry a fresh branch. With `silentMs`, a
     * peer that has sent nothing back at all by then (not even 100 Trying) counts as a timeout already: there
     * is another server to try (RFC 3263 §4.3).
     */
    request(
      req: SipRequest,
      to: HostPort,
      onResponse: ResponseHandler,
      opts: { silentMs?: number } = {},
    ): { stop(): void } {
      const branch = viaBranch(header(req.headers, "via") ?? "");
      const giveUp = () => {
        if (tx.done) return;
        tx.done = true;
        tx.timers.forEach(clearTimeout);
        transactions.delete(`${branch}|${req.method}`);
        onResponse("timeout");
      };
      const tx: ClientTx = {
        req,
        to,
        onResponse,
        timers: [],
        done: false,
        provisional: false,
        giveUp,
        deadline: Date.now() + TIMEOUT,
      };
      transactions.set(`${branch}|${req.method}`, tx);
      send(req, to);
      retransmit(tx, T1);
      // A provisional answer clears these timers, a final one ends the transaction.
      tx.timers.push(setTimeout(giveUp, TIMEOUT));
      if (opts.silentMs) tx.timers.push(setTimeout(giveUp, opts.silentMs));
      return {
        stop() {
          tx.done = true;
          tx.timers.forEach(clearTimeout);
          transactions.delete(`${branch}|${req.method}`);
        },
      };
    },
    /** A request outside any transaction: ACK for a 2xx (§13.2.2.4). */
    sendStateless: (req: SipRequest, to: HostPort) => send(req, to),
    close(): void {
      if (closed) return;
      closed = true;
      for (const tx of transactions.values()) tx.timers.forEach(clearTimeout);
      transactions.clear();
      wire.close();
    },
  };
}

export type SipTransport = Awaited<ReturnType<typeof openSipTransport>>;

export function viaBranch(via: string): string {
  return /;\s*branch=([^;,\s]+)/i.exec(via)?.[1] ?? "";
}

/**
 * §8.2.6.2: Via, From, To (with our tag when it has none), Call-ID and CSeq copied from the request. A UAS
 * dialog passes its own To (with the tag it keeps for the dialog) in `extra`.
 */
function responseTo(req: SipRequest, status: number, reason: string, extra: SipHeaders, body: string): SipResponse {
  const copied: SipHeaders = req.headers.filter(
    ([n]) => n === "via" || n === "from" || n === "call-id" || n === "cseq",
  );
  let to = header(extra, "to") ?? header(req.headers, "to")!;
  if (!/;\s*tag=/i.test(to) && status > 100) to += `;tag=${crypto.randomBytes(6).toString("hex")}`;
  return {
    kind: "response",
    status,
    reason,
    headers: [...copied, ["to", to], ...extra.filter(([n]) => n !== "to")],
    body,
  };
}

/** §17.1.1.3: the ACK of a non-2xx final answer, in the INVITE's own transaction. */
function ackForFailure(invite: SipRequest, res: SipResponse): SipRequest {
  const cseq = parseCSeq(header(invite.headers, "cseq")!)!;
  return {
    kind: "request",
    method: "ACK",
    uri: invite.uri,
    body: "",
    headers: [
      ["via", headerList(invite.headers, "via")[0]!],
      ["max-forwards", "70"],
      ["from", header(invite.headers, "from")!],
      ["to", header(res.headers, "to")!],
      ["call-id", header(invite.headers, "call-id")!],
      ["cseq", `${cseq.seq} ACK`],
      ...invite.headers.filter(([n]) => n === "route"),
    ],
  };
}
