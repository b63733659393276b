/**
 * The SDP Parley offers and what it reads from the answer (RFC 4566 syntax, RFC 3264 offer/answer): one
 * audio stream, G.711 mu-law (PT 0) or A-law (PT 8) at 8 kHz, or G.722 (PT 9) at 16 kHz where the far end
 * offers it, with 20 ms packets (RFC 3551), and RFC 4733 telephone-event for DTMF.
 */
export const TELEPHONE_EVENT_PT = 101;

export type AudioCodec = "PCMU" | "PCMA" | "G722";
/** What a call carries when G.722 cannot be (libspandsp2 missing) or must not be (a placed call: see sip-call.ts). */
export const G711: AudioCodec[] = ["PCMU", "PCMA"];
const STATIC_PT: Record<AudioCodec, number> = { PCMU: 0, PCMA: 8, G722: 9 };
/** A static payload type's codec where the SDP has no rtpmap for it (RFC 3551 §6): "pcmu/8000". */
const STATIC_NAME = new Map(Object.entries(STATIC_PT).map(([codec, pt]) => [pt, `${codec.toLowerCase()}/8000`]));

/**
 * The audio's sample rate. G.722 is 16 kHz audio on an 8000 Hz RTP clock, a mistake in its first RTP profile
 * that RFC 3551 §4.5.2 keeps for compatibility: its rtpmap says 8000, and its timestamps advance at 8 kHz.
 */
export const audioRate = (codec: AudioCodec) => (codec === "G722" ? 16_000 : 8000);

/** Our offer (of `codecs`, most wanted first), or with `answer` our answer to the far end's offer. */
export function sdpOffer(o: {
  host: string;
  port: number;
  sessionId: number;
  version?: number;
  answer?: SdpAnswer;
  codecs?: AudioCodec[];
}): string {
  const ip = o.host.includes(":") ? "IP6" : "IP4";
  // As an answer (to a re-INVITE's offer), only the codec in use and telephone-event if they offered it (RFC 3264 §6).
  if (o.answer) {
    const a = o.answer;
    const ev = a.eventPayloadType;
    return [
      "v=0",
      `o=parley ${o.sessionId} ${o.version ?? 1} IN ${ip} ${o.host}`,
      "s=Parley",
      `c=IN ${ip} ${o.host}`,
      "t=0 0",
      `m=audio ${o.port} RTP/AVP ${a.payloadType}${ev !== null ? ` ${ev}` : ""}`,
      `a=rtpmap:${a.payloadType} ${a.codec}/8000`,
      ...(ev !== null ? [`a=rtpmap:${ev} telephone-event/8000`, `a=fmtp:${ev} 0-16`] : []),
      "a=ptime:20",
      "a=sendrecv",
      "",
    ].join("\r\n");
  }
  const codecs = o.codecs ?? G711;
  return [
    "v=0",
    `o=parley ${o.sessionId} ${o.version ?? 1} IN ${ip} ${o.host}`,
    "s=Parley",
    `c=IN ${ip} ${o.host}`,
    "t=0 0",
    `m=audio ${o.port} RTP/AVP ${codecs.map((c) => STATIC_PT[c]).join(" ")} ${TELEPHONE_EVENT_PT}`,
    ...codecs.map((c) => `a=rtpmap:${STATIC_PT[c]} ${c}/8000`),
    `a=rtpmap:${TELEPHONE_EVENT_PT} telephone-event/8000`,
    `a=fmtp:${TELEPHONE_EVENT_PT} 0-16`,
    "a=ptime:20",
    "a=sendrecv",
    "",
  ].join("\r\n");
}

export type SdpAnswer = {
  host: string;
  port: number;
  codec: AudioCodec;
  payloadType: number;
  eventPayloadType: number | null;
};

/**
 * The remote media address and the codec: the one their answer chose, or of their offer the one we take (G.722
 * wherever it is in their list when we carry it, since the recogniser hears the band above 4 kHz, else the
 * first of theirs we carry); null when it names no audio we can carry.
 */
export function parseSdpAnswer(sdp: string, codecs: AudioCodec[] = G711): SdpAnswer | null {
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
  const codecOf = (pt: number) =>
    codecs.find((c) => (rtpmap.get(pt) ?? STATIC_NAME.get(pt)) === `${c.toLowerCase()}/8000`);
  const chosen = formats.find((pt) => codecOf(pt) === "G722") ?? formats.find((pt) => codecOf(pt) !== undefined);
  if (chosen === undefined) return null;
  const event = formats.find((pt) => rtpmap.get(pt) === "telephone-event/8000");
  return { host, port, codec: codecOf(chosen)!, payloadType: chosen, eventPayloadType: event ?? null };
}
