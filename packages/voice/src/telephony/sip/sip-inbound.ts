import type { CallLeg, EndReason, IncomingAnswer, LegEvent } from "../call-leg.ts";
import { header, headerList, parseNameAddr, uriHostPort, type SipRequest, type SipResponse } from "./sip-message.ts";
import { ALLOW, buildRequest, contactUri, randomTag, withAuthorization, type Credentials } from "./sip-requests.ts";
import type { HostPort, IncomingRequest, SipTransport } from "./sip-transport.ts";
import { openLegRtp, RTP_RATE, type RtpPortRange, type RtpSession } from "./rtp-session.ts";
import { parseSdpAnswer, sdpOffer } from "./sdp.ts";

// RFC 3261 §13.3.1.4: the UAS repeats its 2xx (T1 doubling up to T2) until the ACK, and gives up after 64·T1.
const T1 = 500;
const T2 = 4000;

export type InboundDialog = {
  /** Requests of the caller in this dialog (the INVITE again, ACK, BYE, CANCEL, re-INVITE, INFO). */
  onRequest(req: SipRequest, reply: IncomingRequest["reply"]): void;
};

/** The user part of a sip: URI ("sip:+15550100@pbx" → "+15550100"); "" when it has none. */
export const uriUser = (uri: string) => decodeURIComponent(/^sips?:([^@;>]+)@/i.exec(uri.trim())?.[1] ?? "");

/**
 * One incoming call as a UAS dialog (RFC 3261 §13.3, §12.1.1): 100 Trying at once, then the handler decides
 * (a campaign looked up in the database); refused → 404/480/486, answered → RTP opened and a 200 with our SDP
 * answer (RFC 3264 §6: the codec of their offer we carry), repeated until their ACK, which starts the call.
 * A CANCEL before the answer ends it with 487; BYE either way; our BYE goes to their Contact through their
 * Record-Route, From and To swapped (§12.2.1.1).
 */
export function startInboundDialog(o: {
  transport: SipTransport;
  invite: SipRequest;
  reply: IncomingRequest["reply"];
  decide: () => Promise<IncomingAnswer>;
  credentials: Credentials;
  rtpHost: string;
  rtpPorts: RtpPortRange;
  silenceTimeoutMs: number;
  onEnded: () => void;
}): InboundDialog {
  const t = o.transport;
  const invite = o.invite;
  const ourTag = randomTag();
  const ourTo = `${header(invite.headers, "to")!};tag=${ourTag}`;
  const theirFrom = header(invite.headers, "from")!;
  const callId = header(invite.headers, "call-id")!;
  const contact = `<${contactUri(t, "parley")}>`;
  const routes = headerList(invite.headers, "record-route"); // as received: a UAS keeps their order (§12.1.1)
  const remoteTarget = parseNameAddr(headerList(invite.headers, "contact")[0] ?? "").uri || parseNameAddr(theirFrom).uri;
  const offer = invite.body ? parseSdpAnswer(invite.body) : null;
  const sessionId = Date.now();
  let cseq = 0;
  let sdpVersion = 1;
  let state: "deciding" | "answering" | "answered" | "ended" = "deciding";
  let final: { status: number; reason: string; extra: [string, string][]; body: string } | null = null;
  let retransmit: NodeJS.Timeout | null = null;
  const listeners: ((e: LegEvent) => void)[] = [];
  const backlog: LegEvent[] = [];
  const emit = (e: LegEvent) => (listeners.length ? listeners.forEach((l) => l(e)) : backlog.push(e));
  let rtp: RtpSession | null = null;

  const respond = (status: number, reason: string, extra: [string, string][] = [], body = "") => {
    final = { status, reason, extra: [["to", ourTo], ...extra], body };
    o.reply(status, reason, final.extra, body);
  };
  const end = (reason: EndReason, detail?: string) => {
    if (state === "ended") return;
    state = "ended";
    if (retransmit) clearTimeout(retransmit);
    rtp?.close();
    o.onEnded();
    // A refused call never had a leg: nobody listens for its end.
    if (leg) emit({ type: "ended", reason, ...(detail ? { detail } : {}) });
  };

  const nextHop = (): HostPort => {
    const first = routes[0] ? uriHostPort(parseNameAddr(routes[0]).uri) : uriHostPort(remoteTarget);
    return { host: first?.host ?? "127.0.0.1", port: first?.port ?? 5060 };
  };
  function sendBye(): void {
    let bye = buildRequest(t, {
      method: "BYE", uri: remoteTarget, from: ourTo, to: theirFrom, callId, cseq: ++cseq,
      headers: routes.map((r): [string, string] => ["route", r]),
    });
    let tries = 0;
    const onResponse = (res: SipResponse | "timeout") => {
      if (res === "timeout" || (res.status !== 401 && res.status !== 407) || tries++ > 0) return;
      const again = withAuthorization(t, bye, res, o.credentials, ++cseq);
      if (again) t.request((bye = again), nextHop(), onResponse);
    };
    t.request(bye, nextHop(), onResponse);
  }

  let leg: CallLeg | null = null;
  const makeLeg = (): CallLeg => ({
    sampleRate: RTP_RATE,
    on(l) {
      listeners.push(l);
      if (listeners.length === 1) backlog.splice(0).forEach(l);
    },
    send: (frame) => void (state === "answered" && rtp?.send(frame)),
    clear: () => rtp?.clear(),
    hangup() {
      // Strictly a BYE waits for the ACK (§15) when we were not yet acknowledged; callers accept it at once.
      if (state === "answered" || state === "answering") sendBye();
      end("completed");
    },
  });

  async function answer(accept: (leg: CallLeg) => void): Promise<void> {
    if (!offer) return respond(488, "Not Acceptable Here");
    rtp = await openLegRtp(o, { answered: () => state === "answered", emit, drop: (detail) => (sendBye(), end("dropped", detail)) }, "caller");
    if ((state as string) === "ended") return rtp.close(); // cancelled while the port was opened
    rtp.start(offer);
    state = "answering";
    leg = makeLeg();
    accept(leg);
    const body = sdpOffer({ host: t.localAddress.host, port: rtp.port, sessionId, answer: offer });
    respond(200, "OK", [["contact", contact], ["allow", ALLOW], ["content-type", "application/sdp"]], body);
    let interval = T1;
    let waited = 0;
    const again = () => {
      if (state !== "answering") return;
      if (waited >= 64 * T1) {
        sendBye();
        return end("failed", "The caller never acknowledged the answer (no ACK).");
      }
      if (t.proto === "udp") o.reply(200, "OK", final!.extra, final!.body);
      waited += interval;
      interval = Math.min(interval * 2, T2);
      retransmit = setTimeout(again, interval);
    };
    retransmit = setTimeout(again, interval);
  }

  o.reply(100, "Trying");
  o.decide().then(
    (d) => {
      if (state === "ended") {
        // Cancelled while we looked the number up: an answer's leg ends at once, so its call row closes.
        if ("answer" in d) {
          leg = makeLeg();
          d.answer(leg);
          emit({ type: "ended", reason: "cancelled", detail: "The caller hung up before the call was answered." });
        }
        return;
      }
      if ("refuse" in d) {
        if (d.refuse === "busy") respond(486, "Busy Here");
        else if (d.refuse === "unknown") respond(404, "Not Found");
        else respond(480, "Temporarily Unavailable");
        return end("failed");
      }
      return answer(d.answer).catch(() => {
        respond(500, "Server Internal Error");
        end("failed", "No RTP port was free (RTP_PORTS).");
      });
    },
    () => {
      respond(500, "Server Internal Error");
      end("failed");
    },
  );

  return {
    onRequest(req, reply) {
      const sameInvite = req.method === "INVITE" && header(req.headers, "cseq") === header(invite.headers, "cseq");
      if (sameInvite) {
        // A retransmitted INVITE: the last answer again (100 while we decide).
        if (final) o.reply(final.status, final.reason, final.extra, final.body);
        else o.reply(100, "Trying");
      } else if (req.method === "ACK") {
        if (state !== "answering") return;
        if (retransmit) clearTimeout(retransmit);
        state = "answered";
        emit({ type: "answered" });
      } else if (req.method === "CANCEL") {
        reply(200, "OK");
        if (state === "deciding" || state === "answering") {
          if (state === "deciding") respond(487, "Request Terminated");
          end("cancelled", "The caller hung up before the call was answered.");
        }
      } else if (req.method === "BYE") {
        reply(200, "OK", [["to", ourTo]]);
        end("completed");
      } else if (req.method === "OPTIONS") reply(200, "OK", [["to", ourTo]]);
      else if ((req.method === "INVITE" || req.method === "UPDATE") && state === "answered" && rtp) {
        // A re-INVITE or UPDATE (session refresh, media moved): the call goes on at the new address if any.
        const moved = req.body ? parseSdpAnswer(req.body) : null;
        if (req.body && !moved) return reply(488, "Not Acceptable Here", [["to", ourTo]]);
        if (moved) rtp.start(moved);
        const body = sdpOffer({ host: t.localAddress.host, port: rtp.port, sessionId, version: ++sdpVersion, answer: moved ?? offer! });
        reply(200, "OK", [["to", ourTo], ["contact", contact], ["allow", ALLOW], ["content-type", "application/sdp"]], body);
      } else if (req.method === "INFO" && state === "answered") {
        // DTMF as SIP INFO (application/dtmf-relay), which some PBXs send instead of RFC 4733.
        const digit = /^Signal\s*=\s*([0-9*#A-D])/im.exec(req.body)?.[1];
        if (digit) emit({ type: "dtmf", digit });
        reply(200, "OK", [["to", ourTo]]);
      } else reply(501, "Not Implemented", [["to", ourTo]]);
    },
  };
}
