/*
 * Why a user agent of our own: on npm, `sip` (kirm, 0.0.6) is the only server-side SIP stack for Node,
 * untyped, with no SDP, RTP or transaction timers we could test against (its code dates from ~2017); sip.js
 * and JsSIP are WebRTC user agents for browsers (SIP over WebSocket, DTLS-SRTP media), and drachtio-srf needs
 * a drachtio server that Debian does not ship. Placing calls over a trunk needs only a small part of SIP:
 * RFC 3261 (UDP transport, client transactions, one UAC dialog, CANCEL, BYE, REGISTER), RFC 2617/7616 digest,
 * RFC 4566/3264 SDP offer/answer, RFC 3550 RTP with G.711 (RFC 3551) and RFC 4733 telephone-events.
 */
import dns from "node:dns/promises";
import type { CallLeg, DialRequest, IncomingCallHandler, Telephony } from "../call-leg.ts";
import { startSipCall } from "./sip-call.ts";
import { createDigestChallenger } from "./sip-digest.ts";
import { startInboundDialog, uriUser } from "./sip-inbound.ts";
import { header, parseNameAddr, uriHostPort } from "./sip-message.ts";
import { hostPort, type Credentials } from "./sip-requests.ts";
import { keepRegistered } from "./sip-register.ts";
import { openSipTransport, type HostPort, type IncomingRequest, type SipProto, type SipTransport } from "./sip-transport.ts";
import type { RtpPortRange } from "./rtp-session.ts";

export type SipTelephonyConfig = {
  /** The provider's or PBX's address (SIP_TRUNK sip:host[:port][;transport=tcp]). */
  trunk: HostPort;
  /** UDP unless the trunk names TCP. */
  transport?: SipProto;
  username: string | null;
  password: string | null;
  /** Keep the account registered at the trunk (SIP_REGISTER). */
  register: boolean;
  /** Where the SIP socket listens (SIP_BIND). */
  bind: HostPort;
  /** Our address in Via, Contact and SDP (SIP_PUBLIC_HOST). */
  publicHost: string;
  rtpPorts: RtpPortRange;
  /** Caller ID: a number or user (becomes sip:<it>@trunk) or a whole sip: URI (SIP_FROM). */
  from: string | null;
  ringTimeoutMs?: number;
  silenceTimeoutMs?: number;
  log?: (level: "info" | "warn" | "error", message: string) => void;
};

export type SipTelephony = Telephony & {
  /** Opens the SIP socket and, with SIP_REGISTER, registers (the result is logged and answered). */
  start(): Promise<{ ok: boolean; message: string }>;
  close(): void;
  /** Our SIP port (SIP_BIND's, or the one the system chose for port 0). */
  readonly port: number;
};

/**
 * Calls over a SIP trunk, our own UA (see the note at the top of this file): outbound as a UAC; inbound, once
 * `onIncoming` is set, as a UAS. An INVITE from an address other than the trunk's is challenged (401, digest)
 * and answered only with SIP_USERNAME / SIP_PASSWORD, so nobody on the internet rings the agent for free.
 */
export function createSipTelephony(cfg: SipTelephonyConfig): SipTelephony {
  const credentials: Credentials = cfg.username && cfg.password ? { username: cfg.username, password: cfg.password } : null;
  const log = cfg.log ?? (() => {});
  const calls = new Map<string, (req: IncomingRequest["req"], reply: IncomingRequest["reply"]) => void>();
  let transport: SipTransport | null = null;
  let starting: Promise<{ ok: boolean; message: string }> | null = null;
  let registration: ReturnType<typeof keepRegistered> | null = null;
  const trunkText = `sip:${hostPort(cfg.trunk)}`;
  const userUri = (user: string) => (/^sips?:/i.test(user) ? user : `sip:${user}@${hostPort(cfg.trunk)}`);
  let incoming: IncomingCallHandler | null = null;
  const digest = createDigestChallenger({ realm: cfg.publicHost });
  // The trunk's addresses (a name resolves to several): INVITEs from them need no authentication.
  let trunkAddresses: Promise<Set<string>> | null = null;
  const trunkHosts = () =>
    (trunkAddresses ??= dns.lookup(cfg.trunk.host, { all: true }).then((as) => new Set([cfg.trunk.host, ...as.map((a) => a.address)]), () => new Set([cfg.trunk.host])));

  function onRequest({ req, from, reply }: IncomingRequest): void {
    const callId = header(req.headers, "call-id")!;
    const call = calls.get(callId);
    if (call) return call(req, reply);
    if (req.method === "OPTIONS") return reply(200, "OK", [["allow", "INVITE, ACK, CANCEL, BYE, OPTIONS"]]);
    if (req.method === "ACK") return;
    if (req.method === "INVITE") return void onInvite(req, from, reply);
    reply(481, "Call/Transaction Does Not Exist");
  }

  async function onInvite(req: IncomingRequest["req"], from: HostPort, reply: IncomingRequest["reply"]): Promise<void> {
    const callId = header(req.headers, "call-id")!;
    const who = `${from.host}:${from.port}`;
    if (!incoming || !transport) {
      log("info", `SIP: refused an incoming call from ${who}: no inbound campaign can answer (the dialer is off in this process).`);
      return reply(480, "Temporarily Unavailable");
    }
    if (!(await trunkHosts()).has(from.host)) {
      if (!credentials) {
        log("warn", `SIP: refused an INVITE from ${who}, which is not the trunk (set SIP_USERNAME and SIP_PASSWORD to let a PBX authenticate).`);
        return reply(403, "Forbidden");
      }
      if (!digest.verify(header(req.headers, "authorization"), "INVITE", credentials)) {
        return reply(401, "Unauthorized", [["www-authenticate", digest.challenge()]]);
      }
    }
    if (calls.has(callId)) return calls.get(callId)!(req, reply); // retransmitted while we checked
    const call = { to: uriUser(req.uri) || uriUser(parseNameAddr(header(req.headers, "to") ?? "").uri), from: uriUser(parseNameAddr(header(req.headers, "from") ?? "").uri) };
    const handler = incoming;
    const dialog = startInboundDialog({
      transport, invite: req, reply, credentials, rtpHost: cfg.bind.host, rtpPorts: cfg.rtpPorts,
      silenceTimeoutMs: cfg.silenceTimeoutMs ?? 10_000,
      decide: () => handler(call),
      onEnded: () => setTimeout(() => calls.delete(callId), 32_000).unref(),
    });
    calls.set(callId, dialog.onRequest);
  }

  async function open(): Promise<{ ok: boolean; message: string }> {
    transport = await openSipTransport({ bind: cfg.bind, publicHost: cfg.publicHost, proto: cfg.transport, onRequest }).catch((err: Error) => {
      throw new Error(`SIP could not listen on ${hostPort(cfg.bind)} (SIP_BIND): ${err.message}`);
    });
    if (!cfg.register) return { ok: true, message: `SIP listening on ${hostPort(transport.localAddress)} (${transport.proto.toUpperCase()}) for ${trunkText}.` };
    if (!credentials) return { ok: false, message: "SIP_REGISTER=1 needs SIP_USERNAME and SIP_PASSWORD." };
    registration = keepRegistered({
      transport, trunk: cfg.trunk, aor: userUri(cfg.username!), credentials,
      onResult: (ok, message) => log(ok ? "info" : "error", message),
    });
    return registration.first;
  }

  const start = () => (starting ??= open());

  return {
    name: "sip",
    start,
    onIncoming(handler) {
      incoming = handler;
    },
    get port() {
      return transport?.port ?? cfg.bind.port;
    },
    close() {
      registration?.stop();
      // Give the un-REGISTER a moment on the wire before the socket goes.
      const t = transport;
      if (t) setTimeout(() => t.close(), registration ? 50 : 0);
      transport = null;
      starting = null;
    },
    async dial(req: DialRequest): Promise<CallLeg> {
      await start();
      if (!transport) throw new Error("SIP telephony is closed.");
      const target = /^sips?:/i.test(req.to) ? req.to : `sip:${req.to}@${hostPort(cfg.trunk)}`;
      const at = uriHostPort(target);
      if (!at) throw new Error(`Cannot call ${req.to}: not a number or SIP address.`);
      // A transfer to a SIP address (a desk phone, a PBX extension) goes to that address's host; a number goes
      // through the trunk like every call (RFC 3263 would look the host up; a literal host:port is used as is).
      const direct = req.purpose === "transfer" && /^sips?:/i.test(req.to);
      const call = await startSipCall({
        transport, trunk: direct ? { host: at.host, port: at.port ?? 5060 } : cfg.trunk, target, fromUri: userUri(cfg.from ?? cfg.username ?? "parley"), credentials,
        rtpHost: cfg.bind.host, rtpPorts: cfg.rtpPorts, ringTimeoutMs: cfg.ringTimeoutMs ?? 45_000,
        silenceTimeoutMs: cfg.silenceTimeoutMs ?? 10_000, signal: req.signal,
        // Kept a little after the end so a retransmitted BYE still finds its dialog.
        onEnded: () => setTimeout(() => calls.delete(call.callId), 32_000).unref(),
      });
      calls.set(call.callId, call.onRequest);
      return call.leg;
    },
  };
}
