import koffi from "koffi";

/**
 * G.722 (ITU-T's 16 kHz "HD voice" codec, 64 kbit/s) by Debian's libspandsp2, the library baresip's G.722 uses
 * (Asterisk's is derived from it): npm has no G.722 codec, and its sub-band ADPCM is not ours to write again. Each
 * direction of a call keeps its own state (ADPCM predicts each sample from the ones before), freed with `close`.
 */
const SPANDSP = "libspandsp.so.2";
const RATE = 64_000; // bit/s: two samples per byte, unpacked, 16 kHz audio (RTP's and Asterisk's files' form)

type Spandsp = {
  encodeInit(s: null, rate: number, options: number): unknown;
  encode(s: unknown, out: Uint8Array, amp: Int16Array, len: number): number;
  encodeFree(s: unknown): number;
  decodeInit(s: null, rate: number, options: number): unknown;
  decode(s: unknown, amp: Int16Array, data: Uint8Array, len: number): number;
  decodeFree(s: unknown): number;
};

let lib: Spandsp | null | undefined;

function spandsp(): Spandsp | null {
  if (lib !== undefined) return lib;
  try {
    const so = koffi.load(SPANDSP);
    lib = {
      encodeInit: so.func("void *g722_encode_init(void *s, int rate, int options)"),
      encode: so.func("int g722_encode(void *s, _Out_ uint8_t *g722_data, const int16_t *amp, int len)"),
      encodeFree: so.func("int g722_encode_free(void *s)"),
      decodeInit: so.func("void *g722_decode_init(void *s, int rate, int options)"),
      decode: so.func("int g722_decode(void *s, _Out_ int16_t *amp, const uint8_t *g722_data, int len)"),
      decodeFree: so.func("int g722_decode_free(void *s)"),
    } as Spandsp;
  } catch {
    lib = null; // Debian's libspandsp2 is not installed: calls keep to G.711
  }
  return lib;
}

/** Whether G.722 can be carried here (libspandsp2 loads). */
export const g722Available = (): boolean => spandsp() !== null;

export type G722Stream = {
  /** 16 kHz PCM16 → G.722 bytes (one per two samples). */
  encode(samples: Int16Array): Uint8Array;
  /** G.722 bytes → 16 kHz PCM16 (two samples per byte). */
  decode(bytes: Uint8Array): Int16Array;
  close(): void;
};

/** One call's G.722 codec, both directions; throws when libspandsp2 is missing (check `g722Available`). */
export function openG722(): G722Stream {
  const s = spandsp();
  if (!s) throw new Error(`G.722 needs Debian's libspandsp2 (${SPANDSP}).`);
  let enc: unknown = s.encodeInit(null, RATE, 0);
  let dec: unknown = s.decodeInit(null, RATE, 0);
  return {
    encode(samples) {
      if (!enc) throw new Error("The G.722 stream is closed.");
      const out = new Uint8Array(Math.ceil(samples.length / 2));
      return out.subarray(0, s.encode(enc, out, samples, samples.length));
    },
    decode(bytes) {
      if (!dec) throw new Error("The G.722 stream is closed.");
      const out = new Int16Array(bytes.length * 2);
      return out.subarray(0, s.decode(dec, out, bytes, bytes.length));
    },
    close() {
      if (enc) s.encodeFree(enc);
      if (dec) s.decodeFree(dec);
      enc = dec = null;
    },
  };
}

/** A whole G.722 file or payload as 16 kHz PCM16 mono. */
export function decodeG722(bytes: Uint8Array): Int16Array {
  const stream = openG722();
  try {
    return stream.decode(bytes);
  } finally {
    stream.close();
  }
}
