/** PCM16 little-endian WAV: what every offline engine writes and what recordings are saved as. */
export type Pcm = { sampleRate: number; channels: number; samples: Int16Array };

export function encodeWav(samples: Int16Array, sampleRate: number, channels = 1): Buffer {
  const data = samples.length * 2;
  const out = Buffer.alloc(44 + data);
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(36 + data, 4);
  out.write("WAVE", 8, "ascii");
  out.write("fmt ", 12, "ascii");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * channels * 2, 28);
  out.writeUInt16LE(channels * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36, "ascii");
  out.writeUInt32LE(data, 40);
  Buffer.from(samples.buffer, samples.byteOffset, data).copy(out, 44);
  return out;
}

/** Reads a PCM16 WAV, walking the chunks (engines add LIST chunks; streamed WAVs leave sizes unset). */
export function decodeWav(buf: Buffer): Pcm {
  if (buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE")
    throw new Error("not a WAV file");
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  while (offset + 8 <= buf.length) {
    const id = buf.toString("ascii", offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === "fmt ") {
      if (buf.readUInt16LE(body) !== 1 || buf.readUInt16LE(body + 14) !== 16)
        throw new Error("only PCM16 WAV is supported");
      channels = buf.readUInt16LE(body + 2);
      sampleRate = buf.readUInt32LE(body + 4);
    } else if (id === "data") {
      const end = size === 0 || size === 0xffffffff || body + size > buf.length ? buf.length : body + size;
      const bytes = buf.subarray(body, end - ((end - body) % 2));
      const samples = new Int16Array(bytes.length / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
      return { sampleRate, channels, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error("WAV file has no data");
}

/** Mono: interleaved channels averaged (a stereo recording plays and is heard as one voice). */
export function toMono(samples: Int16Array, channels: number): Int16Array {
  if (channels <= 1) return samples;
  const out = new Int16Array(Math.floor(samples.length / channels));
  for (let i = 0; i < out.length; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += samples[i * channels + c]!;
    out[i] = Math.round(sum / channels);
  }
  return out;
}
