import crypto from "node:crypto";
import dgram from "node:dgram";
import { parseSipMessage, type SipResponse } from "@parley/voice/telephony/sip/sip-message";

/**
 * A SIP peer written by hand over UDP on 127.0.0.1, for the requests a real user agent never sends: bodies
 * missing or wrong, Call-IDs reused, CANCEL and BYE out of turn, Authorization headers replayed. Each request is
 * text; `responses` collects every answer it got.
 */
export type RawSip = {
  port: number;
  responses: SipResponse[];
  /** Sends one request to 127.0.0.1:`to`. */
  send(to: number, text: string): void;
  close(): void;
};

export async function openRawSip(): Promise<RawSip> {
  const socket = dgram.createSocket("udp4");
  const responses: SipResponse[] = [];
  socket.on("message", (buf) => {
    const msg = parseSipMessage(buf);
    if (msg?.kind === "response") responses.push(msg);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    port: socket.address().port,
    responses,
    send: (to, text) => socket.send(Buffer.from(text, "utf8"), to, "127.0.0.1"),
    close: () => socket.close(),
  };
}

/** An SDP offer of PCMU to a port nobody listens on: the call's RTP goes nowhere and none comes back. */
export const SILENT_OFFER = [
  "v=0",
  "o=- 1 1 IN IP4 127.0.0.1",
  "s=-",
  "c=IN IP4 127.0.0.1",
  "t=0 0",
  "m=audio 9 RTP/AVP 0",
  "a=rtpmap:0 PCMU/8000",
  "",
].join("\r\n");

export const newBranch = () => `z9hG4bK${crypto.randomBytes(6).toString("hex")}`;

/**
 * One request as text. `via` is the peer's port; `branch`, `fromTag`, `cseq` and `extra` headers are the caller's
 * to choose (a retransmission repeats them, a forged request varies them).
 */
export function sipRequest(o: {
  method: string;
  to: number;
  via: number;
  callId: string;
  cseq: number;
  branch?: string;
  fromTag?: string;
  toTag?: string;
  number?: string;
  extra?: string[];
  body?: string;
}): string {
  const number = o.number ?? "+15550100200";
  const body = o.body ?? "";
  return [
    `${o.method} sip:${number}@127.0.0.1:${o.to} SIP/2.0`,
    `Via: SIP/2.0/UDP 127.0.0.1:${o.via};branch=${o.branch ?? newBranch()};rport`,
    "Max-Forwards: 70",
    `From: <sip:+15550102030@127.0.0.1>;tag=${o.fromTag ?? "caller"}`,
    `To: <sip:${number}@127.0.0.1>${o.toTag ? `;tag=${o.toTag}` : ""}`,
    `Call-ID: ${o.callId}`,
    `CSeq: ${o.cseq} ${o.method}`,
    `Contact: <sip:+15550102030@127.0.0.1:${o.via}>`,
    ...(o.extra ?? []),
    ...(body ? ["Content-Type: application/sdp"] : []),
    `Content-Length: ${Buffer.byteLength(body)}`,
    "",
    body,
  ].join("\r\n");
}
