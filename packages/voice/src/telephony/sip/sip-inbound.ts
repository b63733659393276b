import type { CallLeg, EndReason, IncomingAnswer, LegEvent } from "../call-leg.ts";
import { header, headerList, parseNameAddr, uriHostPort, type SipRequest, type SipResponse } from "./sip-message.ts";
import { ALLOW, buildRequest, contactUri, randomTag, withAuthorization, type Credentials } from "./sip-requests.ts";
import type { HostPort, IncomingRequest, SipTransport } from "./sip-transport.ts";
import { reachAt } from "./nat.ts";
import { answerableCodecs } from "./rtp-codec.ts";
import { openLegRtp, type RtpPortRange, type RtpSession } from "./rtp-session.ts";
import { audioRate, parseSdpAnswer, sdpOffer, type SdpAnswer } from "./sdp.ts";

// RFC 3261 §13.3.1.4: the UAS repeats its 2xx (T1 doubling up to T2) until the ACK, and gives up after 64·T1.
const T1 = 500;
const T2 = 4000;

export type InboundDialog = {
  /** Requests of the caller in this dialog (the INVITE again, ACK, BYE, CANCEL, re-INVITE, INFO). */
  onRequest(req: SipRequest, reply: IncomingRequest["reply"]): void;
};

/**
 * One incoming call as a UAS dialog (RFC 3261 §13.3, §12.1.1): an offer with no codec we carry is 488 at once;
 * otherwise 100 Trying, then the handler decides (a campaign looked up in the database); refused → 404/480/486,
 * answered → the leg handed over, RTP opened and a 200 with our SDP answer (RFC 3264 §6: the codec of their offer
 * we carry, G.722 when they offer it, so that the agent hears them at 16 kHz), repeated until their ACK, which
 * starts the call. Audio is watched from the 200 on: no ACK or no RTP within the RTP timeout ends it.
 * A CANCEL before the answer ends it with 487; BYE either way; our BYE goes to their Contact through their
 * Record-Route, From and To swapped (§12.2.1.1). However the dialog ends, a leg handed over ends with it.
 */
export function startInboundDialog(o: {
  transport: SipTransport;
  invite: SipRequest;
  /** Where the INVITE came from. */
  source: HostPort;
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
  const remoteTarget =
    parseNameAddr(headerList(invite.headers, "contact")[0] ?? "").uri || parseNameAddr(theirFrom).uri;
  const offer = invite.body ? parseSdpAnswer(invite.body, answerableCodecs()) : null;
  const sessionId = Date.now();
  let cseq = 0;
  let sdpVersion = 1;
  let state: "deciding" | "answering" | "answered" | "ended" = "deciding";
  let final: { status: number; reason: string; extra: [string, string][]; body: string } | null = null;
  let ended: LegEvent | null = null;
  // The handler's answer: it gets the call's leg once our 200 is on the wire, or as the dialog ends before that.
  let accept: ((leg: CallLeg) => void) | null = null;
  let retransmit: NodeJS.Timeout | null = null;
  const listeners: ((e: LegEvent) => void)[] = [];
  const backlog: LegEvent[] = [];
  const emit = (e: LegEvent) => {
    if (!listeners.length) backlog.push(e);
    for (const l of listeners) l(e);
  };
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
    ended = { type: "ended", reason, ...(detail ? { detail } : {}) };
    handOver();
    // A refused call never had a leg: nobody listens for its end.
    if (leg) emit(ended);
  };

  // Their route set's first hop, else their Contact; a caller behind NAT names its private address there and is
  // reached where its INVITE came from.
  const nextHop = (): HostPort => {
    if (routes[0]) {
      const route = uriHostPort(parseNameAddr(routes[0]).uri);
      if (route) return { host: route.host, port: route.port ?? 5060 };
    }
    const target = uriHostPort(remoteTarget);
    return target ? reachAt({ host: target.host, port: target.port ?? 5060 }, o.source) : o.source;
  };
  function sendBye(): void {
    let bye = buildRequest(t, {
      method: "BYE",
      uri: remoteTarget,
      from: ourTo,
      to: theirFrom,
      callId,
      cseq: ++cseq,
      headers: routes.map((r): [string, string] => ["route", r]),
    });
    let tries = 0;
    const onResponse = (res: SipResponse | "timeout") => {
      if (res === "timeout" || (res.status !== 401 && res.status !== 407) || tries++ > 0) return;
      const again = withAuthorization(t, bye, res, o.credentials, ++cseq);
      if (!again) return;
      bye = again;
      t.request(bye, nextHop(), onResponse);
    };
    t.request(bye, nextHop(), onResponse);
  }

  let leg: CallLeg | null = null;
  const makeLeg = (sdp: SdpAnswer): CallLeg => ({
    sampleRate: audioRate(sdp.codec),
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

  function handOver(): void {
    if (!accept || leg || !offer) return;
    leg = makeLeg(offer);
    const handler = accept;
    accept = null;
    handler(leg);
  }

  async function answer(offer: SdpAnswer): Promise<void> {
    rtp = await openLegRtp(
      o,
      {
        answered: () => state === "answered",
        // From the 200 on: a caller who never acknowledges it, or never sends audio, is gone within the RTP timeout.
        watched: () => state === "answering" || state === "answered",
        emit,
        drop: (detail) => (sendBye(), end("dropped", detail)),
      },
      "caller",
    );
    if ((state as string) === "ended") return rtp.close(); // cancelled while the port was opened
    rtp.start(offer);
    state = "answering";
    const body = sdpOffer({ host: t.localAddress.host, port: rtp.port, sessionId, answer: offer });
    respond(
      200,
      "OK",
      [
        ["contact", contact],
        ["allow", ALLOW],
        ["content-type", "application/sdp"],
      ],
      body,
    );
    // After the 200: the session's start-up (its greeting, its recognizer) must not delay the answer.
    handOver();
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

  if (!offer) {
    // Nothing to answer with (no SDP, or no codec we carry): refused before any campaign is asked.
    respond(488, "Not Acceptable Here");
    end("failed");
  } else {
    o.reply(100, "Trying");
    o.decide().then(
      (d) => {
        if ("refuse" in d) {
          if (state === "ended") return;
          if (d.refuse === "busy") respond(486, "Busy Here");
          else if (d.refuse === "unknown") respond(404, "Not Found");
          else respond(480, "Temporarily Unavailable");
          return end("failed");
        }
        // An admitted call holds one of the organisation's lines until its leg ends: whatever happens next, the
        // handler gets the leg, and the leg ends with the dialog (at once if the caller already hung up).
        accept = d.answer;
        if (ended) {
          handOver();
          return emit(ended);
        }
        return answer(offer).catch(() => {
          respond(500, "Server Internal Error");
          end("failed", "No RTP port was free (RTP_PORTS).");
        });
      },
      () => {
        respond(500, "Server Internal Error");
        end("failed");
      },
    );
  }

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
        // A re-INVITE or UPDATE (session refresh, media moved): the call goes on at the new address if any, in a
        // codec of the leg's sample rate (the session's audio cannot change rate mid-call).
        const sameRate = answerableCodecs().filter((c) => audioRate(c) === audioRate(offer!.codec));
        const moved = req.body ? parseSdpAnswer(req.body, sameRate) : null;
        if (req.body && !moved) return reply(488, "Not Acceptable Here", [["to", ourTo]]);
        if (moved) rtp.start(moved);
        const body = sdpOffer({
          host: t.localAddress.host,
          port: rtp.port,
          sessionId,
          version: ++sdpVersion,
          answer: moved ?? offer!,
        });
        reply(
          200,
          "OK",
          [
            ["to", ourTo],
            ["contact", contact],
            ["allow", ALLOW],
            ["content-type", "application/sdp"],
          ],
          body,
        );
      } else if (req.method === "INFO" && state === "answered") {
        // DTMF as SIP INFO (application/dtmf-relay), which some PBXs send instead of RFC 4733.
        const digit = /^Signal\s*=\s*([0-9*#A-D])/im.exec(req.body)?.[1];
        if (digit) emit({ type: "dtmf", digit });
        reply(200, "OK", [["to", ourTo]]);
      } else reply(501, "Not Implemented", [["to", ourTo]]);
    },
  };
}
