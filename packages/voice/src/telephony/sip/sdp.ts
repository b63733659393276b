/**
 * The SDP Parley offers and what it reads from the answer (RFC 4566 syntax, RFC 3264 offer/answer): one
 * audio stream, G.711 mu-law (PT 0) or A-law (PT 8) at 8 kHz with 20 ms packets (RFC 3551), and RFC 4733
 * telephone-event for DTMF.
 */
export const TELEPHONE_EVENT_PT = 101;

export type AudioCodec = "PCMU" | "PCMA";

export function sdpOffer(o: { host: string; port: number; sessionId: number; version?: number; answer?: SdpAnswer }): string {
  const ip = o.host.includes(":") ? "IP6" : "IP4";
  // As an answer (to a re-INVITE's offer), only the codec in use and telephone-event if they offered it (RFC 3264 §6).
  if (o.answer) {
    const a = o.answer;
    const ev = a.eventPayloadType;
    return [
      "v=0", `o=parley ${o.sessionId} ${o.version ?? 1} IN ${ip} ${o.host}`, "s=Parley", `c=IN ${ip} ${o.host}`, "t=0 0",
      `m=audio ${o.port} RTP/AVP ${a.payloadType}${ev !== null ? ` ${ev}` : ""}`,
      `a=rtpmap:${a.payloadType} ${a.codec}/8000`,
      ...(ev !== null ? [`a=rtpmap:${ev} telephone-event/8000`, `a=fmtp:${ev} 0-16`] : []),
      "a=ptime:20", "a=sendrecv", "",
    ].join("\r\n");
  }
  return [
    "v=0",
    `o=parley ${o.sessionId} ${o.version ?? 1} IN ${ip} ${o.host}`,
    "s=Parley",
    `c=IN ${ip} ${o.host}`,
    "t=0 0",
    `m=audio ${o.port} RTP/AVP 0 8 ${TELEPHONE_EVENT_PT}`,
    "a=rtpmap:0 PCMU/8000",
    "a=rtpmap:8 PCMA/8000",
    `a=rtpmap:${TELEPHONE_EVENT_PT} telephone-event/8000`,
    `a=fmtp:${TELEPHONE_EVENT_PT} 0-16`,
    "a=ptime:20",
    "a=sendrecv",
    "",
  ].join("\r\n");
}

export type SdpAnswer = { host: string; port: number; codec: AudioCodec; payloadType: number; eventPayloadType: number | null };

/** The remote media address and the codec the answer chose; null when it names no audio we can carry. */
export function parseSdpAnswer(sdp: string): SdpAnswer | null {
  let sessionHost: string | null = null;
  let mediaHost: string | null = null;
  let port: number | null = null;
  let formats: number[] = [];
  const rtpmap = new Map<number, string>();
  let inAudio = false;
  for (const line of sdp.split(/\r?\n/)) {
    const c = /^c=IN IP[46] ([^\s/]+)/.exec(line);
    if (c) {
      if (inAudio) mediaHost = c[1]!;
      else if (port === null) sessionHost = c[1]!;
      continue;
    }
    const m = /^m=(\w+) (\d+)(?:\/\d+)? RTP\/AVP((?: \d+)+)/.exec(line);
    if (m) {
      if (inAudio || port !== null) inAudio = false; // only the first audio stream is used
      if (m[1] === "audio" && port === null) {
        inAudio = true;
        port = Number(m[2]);
        formats = m[3]!.trim().split(" ").map(Number);
      }
      continue;
    }
    const a = /^a=rtpmap:(\d+) ([\w.-]+)\/(\d+)/.exec(line);
    if (a && inAudio) rtpmap.set(Number(a[1]), `${a[2]!.toLowerCase()}/${a[3]}`);
  }
  const host = mediaHost ?? sessionHost;
  if (!host || !port || port > 65535) return null; // port 0: the stream was refused
  const name = (pt: number) => rtpmap.get(pt) ?? (pt === 0 ? "pcmu/8000" : pt === 8 ? "pcma/8000" : "");
  const chosen = formats.find((pt) => name(pt) === "pcmu/8000" || name(pt) === "pcma/8000");
  if (chosen === undefined) return null;
  const event = formats.find((pt) => name(pt) === "telephone-event/8000");
  return { host, port, codec: name(chosen) === "pcmu/8000" ? "PCMU" : "PCMA", payloadType: chosen, eventPayloadType: event ?? null };
}
