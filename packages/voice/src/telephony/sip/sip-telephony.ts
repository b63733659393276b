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
import { callParties } from "./sip-identity.ts";
import { startInboundDialog } from "./sip-inbound.ts";
import { createInviteGate } from "./sip-inbound-gate.ts";
import { header, uriHostPort } from "./sip-message.ts";
import { hostPort, type Credentials } from "./sip-requests.ts";
import { keepRegistered } from "./sip-register.ts";
import { createTrunkTargets, resolveTrunk, trunkDomain, type SrvLookups, type TrunkAddress } from "./trunk-address.ts";
import {
  openSipTransport,
  type HostPort,
  type IncomingRequest,
  type SipProto,
  type SipTransport,
} from "./sip-transport.ts";
import type { RtpPortRange } from "./rtp-session.ts";

export type SipTelephonyConfig = {
  /** The provider's or PBX's address (SIP_TRUNK sip:host[:port][;transport=tcp]); no port: its SRV records say. */
  trunk: TrunkAddress;
  /** Where the trunk's SRV records are asked (the system's DNS servers unless a test gives its own). */
  dns?: SrvLookups;
  /** UDP unless the trunk names TCP. */
  transport?: SipProto;
  /** INVITEs from the trunk's addresses need no authentication (SIP_TRUST_TRUNK); without it they are challenged. */
  trustTrunk?: boolean;
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

/** Requests held for one Call-ID while its INVITE is checked; a burst beyond this is dropped. */
const MAX_HELD = 16;

export type SipTelephony = Telephony & {
  /** Opens the SIP socket and, with SIP_REGISTER, registers (the result is logged and answered). */
  start(): Promise<{ ok: boolean; message: string }>;
  close(): void;
  /** Our SIP port (SIP_BIND's, or the one the system chose for port 0). */
  readonly port: number;
};

/**
 * Calls over a SIP trunk, our own UA (see the note at the top of this file): outbound as a UAC; inbound, once
 * `onIncoming` is set, as a UAS. An INVITE is challenged (401, digest) and answered only with SIP_USERNAME /
 * SIP_PASSWORD, failures throttled, unless it comes from the trunk's address and SIP_TRUST_TRUNK says the trunk
 * is trusted by its address (sip-inbound-gate.ts), so nobody on the internet rings the agent for free.
 */
export function createSipTelephony(cfg: SipTelephonyConfig): SipTelephony {
  const credentials: Credentials =
    cfg.username && cfg.password ? { username: cfg.username, password: cfg.password } : null;
  const log = cfg.log ?? (() => {});
  const calls = new Map<string, (req: IncomingRequest["req"], reply: IncomingRequest["reply"]) => void>();
  let transport: SipTransport | null = null;
  let starting: Promise<{ ok: boolean; message: string }> | null = null;
  let registration: ReturnType<typeof keepRegistered> | null = null;
  const trunkText = `sip:${trunkDomain(cfg.trunk)}`;
  const userUri = (user: string) => (/^sips?:/i.test(user) ? user : `sip:${user}@${trunkDomain(cfg.trunk)}`);
  // Where requests to the trunk go (RFC 3263 SRV for a domain without a port), looked up again every 5 minutes.
  const targets = createTrunkTargets(cfg.trunk, cfg.transport ?? "udp", cfg.dns);
  const onSilentTarget = (silent: HostPort, next?: HostPort) => {
    targets.failed(silent);
    log(
      "warn",
      `SIP: the trunk's server ${hostPort(silent)} did not answer; ` +
        `${next ? `trying ${hostPort(next)}` : "registering again"}.`,
    );
  };
  let incoming: IncomingCallHandler | null = null;
  // The trunk's addresses (a name resolves to several): with SIP_TRUST_TRUNK, INVITEs from them need no
  // authentication. Worked out again when a lookup of the trunk's records answers anew.
  let trunkAddresses: { of: HostPort[]; set: Promise<Set<string>> } | null = null;
  const trunkHosts = async () => {
    const hs = await targets.all();
    if (trunkAddresses?.of !== hs)
      trunkAddresses = { of: hs, set: addressesOf([cfg.trunk.host, ...hs.map((h) => h.host)]) };
    return trunkAddresses.set;
  };

  const gate = createInviteGate({
    realm: cfg.publicHost,
    credentials,
    trustTrunk: cfg.trustTrunk ?? false,
    isTrunk: async (host) => (await trunkHosts()).has(host),
    log,
  });
  // Requests of a Call-ID whose INVITE is still being checked (retransmissions, a CANCEL right behind it): handed to
  // its dialog once there is one, so none is answered 481 or counted as a second attempt.
  const checking = new Map<string, { host: string; held: IncomingRequest[] }>();

  function onRequest(r: IncomingRequest): void {
    const { req, reply } = r;
    const callId = header(req.headers, "call-id")!;
    const call = calls.get(callId);
    const pending = checking.get(callId);
    if (call) call(req, reply);
    else if (pending && pending.host !== r.from.host) reply(481, "Call/Transaction Does Not Exist");
    else if (pending) {
      if (pending.held.length < MAX_HELD) pending.held.push(r);
    } else if (req.method === "OPTIONS") reply(200, "OK", [["allow", "INVITE, ACK, CANCEL, BYE, OPTIONS"]]);
    else if (req.method === "INVITE") void onInvite(r);
    else if (req.method !== "ACK") reply(481, "Call/Transaction Does Not Exist");
  }

  async function onInvite({ req, from, reply }: IncomingRequest): Promise<void> {
    const callId = header(req.headers, "call-id")!;
    if (!incoming || !transport) {
      log(
        "info",
        `SIP: refused an incoming call from ${from.host}:${from.port}: no inbound ` +
          "campaign can answer (the dialer is off in this process).",
      );
      return reply(480, "Temporarily Unavailable");
    }
    const held: IncomingRequest[] = [];
    checking.set(callId, { host: from.host, held });
    const verdict = await gate.check(req, from);
    if (verdict !== "pass") {
      if (verdict.delayMs) {
        reply(100, "Trying");
        await new Promise((r) => setTimeout(r, verdict.delayMs));
      }
      checking.delete(callId);
      reply(verdict.status, verdict.reason, verdict.headers);
      // A CANCEL that crossed the refusal has nothing left to cancel.
      for (const r of held) if (r.req.method === "CANCEL") r.reply(481, "Call/Transaction Does Not Exist");
      return;
    }
    checking.delete(callId);
    if (!transport) return reply(480, "Temporarily Unavailable");
    const call = callParties(req);
    const handler = incoming;
    const dialog = startInboundDialog({
      transport,
      invite: req,
      source: from,
      reply,
      credentials,
      rtpHost: cfg.bind.host,
      rtpPorts: cfg.rtpPorts,
      silenceTimeoutMs: cfg.silenceTimeoutMs ?? 10_000,
      decide: () => handler(call),
      onEnded: () => setTimeout(() => calls.delete(callId), 32_000).unref(),
    });
    calls.set(callId, dialog.onRequest);
    for (const r of held) dialog.onRequest(r.req, r.reply);
  }

  async function open(): Promise<{ ok: boolean; message: string }> {
    transport = await openSipTransport({
      bind: cfg.bind,
      publicHost: cfg.publicHost,
      proto: cfg.transport,
      onRequest,
    }).catch((err: Error) => {
      throw new Error(`SIP could not listen on ${hostPort(cfg.bind)} (SIP_BIND): ${err.message}`);
    });
    const hops = await targets.all();
    const asGiven = hops.length === 1 && hops[0]!.host === cfg.trunk.host && hops[0]!.port === (cfg.trunk.port ?? 5060);
    const at = asGiven ? "" : ` at ${hops.map(hostPort).join(", then ")} (its SRV records)`;
    if (!cfg.register)
      return {
        ok: true,
        message:
          `SIP listening on ${hostPort(transport.localAddress)} ` +
          `(${transport.proto.toUpperCase()}) for ${trunkText}${at}.`,
      };
    if (!credentials) return { ok: false, message: "SIP_REGISTER=1 needs SIP_USERNAME and SIP_PASSWORD." };
    registration = keepRegistered({
      transport,
      registrar: trunkText,
      targets: () => targets.ordered(),
      onSilentTarget,
      aor: userUri(cfg.username!),
      credentials,
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
      const target = /^sips?:/i.test(req.to) ? req.to : `sip:${req.to}@${trunkDomain(cfg.trunk)}`;
      const at = uriHostPort(target);
      if (!at) throw new Error(`Cannot call ${req.to}: not a number or SIP address.`);
      // A transfer to a SIP address (a desk phone, a PBX extension) goes to that address's host, found as the
      // trunk's is (its SRV record when it names no port); a number goes through the trunk like every call.
      const direct = req.purpose === "transfer" && /^sips?:/i.test(req.to);
      const call = await startSipCall({
        transport,
        target,
        onSilentTarget: direct ? undefined : onSilentTarget,
        targets: direct ? await resolveTrunk(at, cfg.transport ?? "udp", cfg.dns) : await targets.ordered(),
        fromUri: userUri(cfg.from ?? cfg.username ?? "parley"),
        credentials,
        rtpHost: cfg.bind.host,
        rtpPorts: cfg.rtpPorts,
        ringTimeoutMs: cfg.ringTimeoutMs ?? 45_000,
        silenceTimeoutMs: cfg.silenceTimeoutMs ?? 10_000,
        signal: req.signal,
        // Kept a little after the end so a retransmitted BYE still finds its dialog.
        onEnded: () => setTimeout(() => calls.delete(call.callId), 32_000).unref(),
      });
      calls.set(call.callId, call.onRequest);
      return call.leg;
    },
  };
}

async function addressesOf(names: string[]): Promise<Set<string>> {
  const addresses = await Promise.all(
    names.map((n) =>
      dns.lookup(n, { all: true }).then(
        (as) => as.map((a) => a.address),
        () => [],
      ),
    ),
  );
  return new Set([...names, ...addresses.flat()]);
}
