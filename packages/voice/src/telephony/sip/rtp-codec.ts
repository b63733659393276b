import { decodeAlaw, encodeAlaw } from "../../audio/alaw.ts";
import { g722Available, openG722 } from "../../audio/g722.ts";
import { decodeMulaw, encodeMulaw } from "../../audio/mulaw.ts";
import { audioRate, G711, type AudioCodec } from "./sdp.ts";

/** One call's audio codec as RTP carries it: PCM16 at `rate` to a payload and back, with the codec's own state. */
export type RtpCodec = {
  codec: AudioCodec;
  rate: number;
  encode(frame: Int16Array): Uint8Array;
  decode(payload: Uint8Array): Int16Array;
  close(): void;
};

export function openRtpCodec(codec: AudioCodec): RtpCodec {
  if (codec === "G722") {
    const g = openG722();
    return { codec, rate: audioRate(codec), encode: g.encode, decode: g.decode, close: g.close };
  }
  const [encode, decode] = codec === "PCMU" ? [encodeMulaw, decodeMulaw] : [encodeAlaw, decodeAlaw];
  return { codec, rate: audioRate(codec), encode, decode, close() {} };
}

/** What an answered call may carry here, most wanted first: G.722 where libspandsp2 is installed, then G.711. */
export const answerableCodecs = (): AudioCodec[] => (g722Available() ? ["G722", ...G711] : G711);
