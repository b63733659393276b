import crypto from "node:crypto";
import type { CallLeg, EndReason, LegEvent } from "../call-leg.ts";
import { header, headerList, parseNameAddr, uriHostPort, type SipRequest, type SipResponse } from "./sip-message.ts";
import {
  ALLOW,
  anew,
  buildRequest,
  contactUri,
  hostPort,
  randomTag,
  withAuthorization,
  type Credentials,
} from "./sip-requests.ts";
import { FAILOVER_SILENCE_MS } from "./trunk-address.ts";
import type { HostPort, IncomingRequest, SipTransport } from "./sip-transport.ts";
import { openLegRtp, RTP_RATE, type RtpPortRange, type RtpSession } from "./rtp-session.ts";
import { G711, parseSdpAnswer, sdpOffer, type SdpAnswer } from "./sdp.ts";

export type SipCallOptions = {
  transport: SipTransport;
  /** Where the INVITE goes, best first: the next is tried when one sends nothing back (RFC 3263 §4.3). */
  targets: HostPort[];
  /** A target that did not answer, and the one tried next. */
  onSilentTarget?: (silent: HostPort, next: HostPort) => void;
  /** Request-URI of the callee, e.g. sip:+15551234567@trunk.example.com. */
  target: string;
  /** Our From URI (caller ID). */
  fromUri: string;
  credentials: Credentials;
  rtpHost: string;
  rtpPorts: RtpPortRange;
  ringTimeoutMs: number;
  silenceTimeoutMs: number;
  signal: AbortSignal;
  onEnded?: () => void;
};

type State = "calling" | "ringing" | "answered" | "ended";

/** What a final failure response means for the call (RFC 3261 §21 codes). */
export function failureReason(status: number): EndReason {
  if (status === 486 || status === 600) return "busy";
  if (status === 408 || status === 480 || status === 487) return "no_answer";
  return "failed";
}

/**
 * One outbound call as a UAC dialog (RFC 3261 §13, §15): INVITE with our SDP offer, provisional answers
 * (183 with SDP starts early media), 2xx → ACK and audio, 401/407 → the INVITE again with digest
 * credentials (once per challenge), CANCEL when it rings too long or the dialer gives up, BYE either way.
 */
export async function startSipCall(
  o: SipCallOptions,
): Promise<{ leg: CallLeg; callId: string; onRequest(req: SipRequest, reply: IncomingRequest["reply"]): void }> {
  const t = o.transport;
  const listeners: ((e: LegEvent) => void)[] = [];
  const backlog: LegEvent[] = [];
  const emit = (e: LegEvent) => (listeners.length ? listeners.forEach((l) => void l(e)) : backlog.push(e));
  let state: State = "calling";
  let cancelled: EndReason | null = null; // why we sent CANCEL, when we did

  const rtp: RtpSession = await openLegRtp(
    o,
    { answered: () => state === "answered", emit, drop: (detail) => (sendBye(), end("dropped", detail)) },
    "callee",
  );

  const callId = `${crypto.randomBytes(12).toString("hex")}@parley`;
  const sessionId = Date.now();
  let sdpVersion = 1;
  let media: SdpAnswer | null = null;
  const from = `<${o.fromUri}>;tag=${randomTag()}`;
  const contact = `<${contactUri(t, "parley")}>`;
  let cseq = 1;
  let invite = buildRequest(t, {
    method: "INVITE",
    uri: o.target,
    from,
    to: `<${o.target}>`,
    callId,
    cseq,
    headers: [
      ["contact", contact],
      ["allow", ALLOW],
      ["content-type", "application/sdp"],
    ],
    // G.711 only: a placed call's leg has its sample rate before the answer would pick a codec, and the session
    // builds its listening, recording and greeting at that rate while the phone rings (answered calls take G.722).
    body: sdpOffer({ host: t.localAddress.host, port: rtp.port, sessionId, codecs: G711 }),
  });
  // The dialog, once the 2xx arrives (§12.1.2): their tag, where in-dialog requests go, the route set.
  let remoteTo = "";
  let remoteTarget = o.target;
  let routes: string[] = [];
  let authTries = 0;
  let heard = false; // any answer at all from the trunk
  let trunk = o.targets[0]!; // the target the INVITE went to last
  const nextTarget = () => o.targets[o.targets.indexOf(trunk) + 1];
  const sendInvite = () =>
    t.request(invite, trunk, onInviteResponse, nextTarget() && !heard ? { silentMs: FAILOVER_SILENCE_MS } : {});
  const silentTrunk = () => `The SIP trunk ${hostPort(trunk)} did not answer the INVITE.`;
  let ringTimer: NodeJS.Timeout | null = null;

  const end = (reason: EndReason, detail?: string) => {
    if (state === "ended") return;
    state = "ended";
    if (ringTimer) clearTimeout(ringTimer);
    o.signal.removeEventListener("abort", onAbort);
    rtp.close();
    o.onEnded?.();
    emit({ type: "ended", reason, ...(detail ? { detail } : {}) });
  };

  const nextHop = (): HostPort => {
    // A loose route (;lr) is the next hop; with no route set, the remote target itself (§12.2.1.1).
    const first = routes[0] ? uriHostPort(parseNameAddr(routes[0]).uri) : uriHostPort(remoteTarget);
    return first ? { host: first.host, port: first.port ?? 5060 } : trunk;
  };

  function inDialog(method: string): SipRequest {
    return buildRequest(t, {
      method,
      uri: remoteTarget,
      from,
      to: remoteTo,
      callId,
      cseq: method === "ACK" ? cseq : ++cseq,
      headers: routes.map((r): [string, string] => ["route", r]),
    });
  }

  function sendBye(): void {
    let bye = inDialog("BYE");
    let tries = 0;
    const onByeResponse = (res: SipResponse | "timeout") => {
      if (res !== "timeout" && (res.status === 401 || res.status === 407) && tries++ === 0) {
        const again = withAuthorization(t, bye, res, o.credentials, ++cseq);
        if (again) {
          bye = again;
          t.request(bye, nextHop(), onByeResponse);
        }
      }
    };
    t.request(bye, nextHop(), onByeResponse);
  }

  function sendCancel(why: EndReason): void {
    if (cancelled) return;
    cancelled = why;
    // §9.1: the INVITE's Request-URI, Call-ID, From, To, Route and top Via (same branch), CSeq method CANCEL.
    const keep = new Set(["via", "from", "to", "call-id", "route", "max-forwards"]);
    const headers = invite.headers.filter(([n]) => keep.has(n));
    const cseqNo = header(invite.headers, "cseq")!.split(" ")[0];
    const cancel: SipRequest = {
      kind: "request",
      method: "CANCEL",
      uri: invite.uri,
      body: "",
      headers: [...headers, ["cseq", `${cseqNo} CANCEL`]],
    };
    t.request(cancel, trunk, () => {});
  }

  function onInviteResponse(res: SipResponse | "timeout"): void {
    if (res !== "timeout") heard = true;
    if (res === "timeout") {
      const next = nextTarget();
      if (next && !heard && state === "calling") {
        o.onSilentTarget?.(trunk, next);
        trunk = next;
        invite = anew(t, invite, ++cseq);
        return void sendInvite();
      }
      return void end(cancelled ?? "failed", cancelled ? undefined : silentTrunk());
    }
    if (res.status < 200) {
      // We gave up before anything answered: a CANCEL may only follow a provisional response (§9.1).
      if (state === "ended" && !cancelled) return void sendCancel("cancelled");
      if (state === "calling" && res.status > 100) state = "ringing";
      // 183 Session Progress with SDP: early media (ring-back, announcements) flows before the answer.
      if (res.body && state === "ringing") {
        const answer = parseSdpAnswer(res.body);
        if (answer) rtp.start(answer);
      }
      return;
    }
    if (res.status < 300) return void onAnswered(res);
    if ((res.status === 401 || res.status === 407) && state !== "ended" && !cancelled && authTries++ < 2) {
      const again = withAuthorization(t, invite, res, o.credentials, ++cseq);
      if (again) {
        invite = again;
        return void sendInvite();
      }
    }
    if (cancelled) return void end(cancelled);
    const why = `SIP ${res.status} ${res.reason}`.trim();
    const auth = res.status === 401 || res.status === 407;
    end(
      failureReason(res.status),
      auth ? `${why}: the trunk refused our credentials (SIP_USERNAME / SIP_PASSWORD).` : why,
    );
  }

  function onAnswered(res: SipResponse): void {
    if (state === "answered" || (state === "ended" && remoteTo)) {
      // A retransmitted 2xx: our ACK was lost (§13.2.2.4).
      t.sendStateless(inDialog("ACK"), nextHop());
      return;
    }
    remoteTo = header(res.headers, "to") ?? `<${o.target}>`;
    const contactUri = parseNameAddr(headerList(res.headers, "contact")[0] ?? "").uri;
    if (contactUri) remoteTarget = contactUri;
    routes = headerList(res.headers, "record-route").reverse();
    cseq = Number(header(invite.headers, "cseq")!.split(" ")[0]);
    t.sendStateless(inDialog("ACK"), nextHop());
    if (state === "ended" || cancelled) {
      // Answered after we gave up (the CANCEL crossed the 200): hang up at once.
      sendBye();
      return void end(cancelled ?? "cancelled");
    }
    const answer = parseSdpAnswer(res.body);
    if (!answer) {
      sendBye();
      return void end("failed", "The callee's SDP answer offers neither PCMU nor PCMA.");
    }
    rtp.start(answer);
    media = answer;
    state = "answered";
    if (ringTimer) clearTimeout(ringTimer);
    emit({ type: "answered" });
  }

  const onAbort = () => hangup("cancelled");
  function hangup(why: EndReason): void {
    if (state === "ended") return;
    if (state === "answered") {
      sendBye();
      return void end("completed");
    }
    if (state === "ringing") sendCancel(why);
    // The 487 (or a late 200, then a BYE) follows; the leg ends now for the session.
    end(why);
  }

  ringTimer = setTimeout(() => {
    if (state === "answered" || state === "ended") return;
    if (state === "ringing") sendCancel("no_answer");
    if (!heard) end("failed", silentTrunk());
    else end("no_answer", `No answer within ${Math.round(o.ringTimeoutMs / 1000)} s.`);
  }, o.ringTimeoutMs);
  if (o.signal.aborted) queueMicrotask(onAbort);
  else o.signal.addEventListener("abort", onAbort, { once: true });
  sendInvite();

  return {
    callId,
    leg: {
      sampleRate: RTP_RATE,
      on(l) {
        listeners.push(l);
        if (listeners.length === 1) backlog.splice(0).forEach(l);
      },
      send: (frame) => state === "answered" && rtp.send(frame),
      clear: () => rtp.clear(), // the agent's audio the RTP thread holds (SEND_LEAD_MS)
      hangup: () => hangup("completed"),
    },
    /** A request of the far end in this dialog. */
    onRequest(req, reply) {
      if (req.method === "BYE") {
        reply(200, "OK");
        end("completed");
      } else if (req.method === "ACK") return;
      else if (req.method === "OPTIONS") reply(200, "OK");
      else if ((req.method === "INVITE" || req.method === "UPDATE") && state === "answered") {
        // A re-INVITE or UPDATE (session refresh, media moved by a PBX): the call goes on, at the new address if any.
        const offer = req.body ? parseSdpAnswer(req.body) : null;
        if (req.body && !offer) return reply(488, "Not Acceptable Here");
        if (offer) {
          rtp.start(offer);
          media = offer;
        }
        const body = sdpOffer({
          host: t.localAddress.host,
          port: rtp.port,
          sessionId,
          version: ++sdpVersion,
          answer: media ?? undefined,
        });
        reply(
          200,
          "OK",
          [
            ["contact", contact],
            ["allow", ALLOW],
            ["content-type", "application/sdp"],
          ],
          body,
        );
      } else if (req.method === "INFO" && state === "answered") {
        // DTMF as SIP INFO (application/dtmf-relay, "Signal=5"), which some PBXs send instead of RFC 4733.
        const digit = /^Signal\s*=\s*([0-9*#A-D])/im.exec(req.body)?.[1];
        if (digit) emit({ type: "dtmf", digit });
        reply(200, "OK");
      } else if (req.method === "CANCEL") reply(481, "Call/Transaction Does Not Exist");
      else reply(501, "Not Implemented");
    },
  };
}
