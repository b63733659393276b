/** What the cloud TTS adapters share: one HTTP request whose body is raw PCM16 LE, read as it arrives. */

/**
 * Linear-interpolation resampler that keeps its place across chunks, so a stream cut at arbitrary
 * points resamples exactly as the whole would (the one-shot `resample` would click at every cut).
 */
export function createStreamResampler(fromRate: number, toRate: number) {
  const step = fromRate / toRate;
  let tail = new Int16Array(0); // input samples still needed for the next output
  let pos = 0; // position of the next output sample within `tail + chunk`
  return (chunk: Int16Array): Int16Array => {
    if (fromRate === toRate) return chunk;
    const buf = new Int16Array(tail.length + chunk.length);
    buf.set(tail);
    buf.set(chunk, tail.length);
    const out: number[] = [];
    for (; pos + 1 < buf.length; pos += step) {
      const j = Math.floor(pos);
      const frac = pos - j;
      out.push(Math.round(buf[j]! + (buf[j + 1]! - buf[j]!) * frac));
    }
    const keep = Math.min(Math.floor(pos), buf.length);
    tail = buf.slice(keep);
    pos -= keep;
    return Int16Array.from(out);
  };
}

/** POSTs (or GETs) to a TTS vendor, turning its failures into messages a user can act on. */
export async function vendorFetch(vendor: string, url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    if (init.signal?.aborted) throw err;
    throw new Error(`${vendor} could not be reached: ${(err as Error).message}`);
  }
  if (res.ok) return res;
  const detail = errorDetail(await res.text().catch(() => ""));
  const suffix = detail ? `: ${detail}` : "";
  if (res.status === 401 || res.status === 403)
    throw new Error(`${vendor} rejected the API key (HTTP ${res.status})${suffix}`);
  if (res.status === 429) throw new Error(`${vendor} rate limit or quota reached (HTTP 429)${suffix}`);
  if (res.status >= 500) throw new Error(`${vendor} is unavailable (HTTP ${res.status})${suffix}`);
  throw new Error(`${vendor} refused the request (HTTP ${res.status})${suffix}`);
}

// ElevenLabs: {detail: {message}} or {detail: "..."}; OpenAI: {error: {message}}.
function errorDetail(text: string): string {
  try {
    const body = JSON.parse(text) as { detail?: unknown; error?: { message?: unknown } };
    const d = body.detail;
    if (typeof d === "string") return d;
    if (d && typeof d === "object" && typeof (d as { message?: unknown }).message === "string")
      return (d as { message: string }).message;
    if (typeof body.error?.message === "string") return body.error.message;
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.slice(0, 200);
}

/**
 * Yields the response body as PCM16 chunks at `toRate` the moment bytes arrive; an odd trailing byte
 * waits for the next network chunk. Stops quietly when `signal` aborts.
 */
export async function* pcmChunks(
  res: Response,
  fromRate: number,
  toRate: number,
  signal?: AbortSignal,
): AsyncIterable<Int16Array> {
  if (!res.body) throw new Error("The TTS answer has no body.");
  const reader = res.body.getReader();
  const resample = createStreamResampler(fromRate, toRate);
  let odd: number | null = null;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal?.aborted) return;
      let bytes: Uint8Array = value;
      if (odd !== null) {
        bytes = new Uint8Array(value.length + 1);
        bytes[0] = odd;
        bytes.set(value, 1);
      }
      odd = bytes.length % 2 ? bytes[bytes.length - 1]! : null;
      const even = bytes.subarray(0, bytes.length - (bytes.length % 2));
      const pcm = new Int16Array(even.length / 2);
      const view = new DataView(even.buffer, even.byteOffset, even.byteLength);
      for (let i = 0; i < pcm.length; i++) pcm[i] = view.getInt16(i * 2, true);
      const out = resample(pcm);
      if (out.length) yield out;
    }
  } catch (err) {
    if (signal?.aborted) return;
    throw err;
  } finally {
    reader.cancel().catch(() => {});
  }
}
