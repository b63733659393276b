import crypto from "node:crypto";
import type { Readable } from "node:stream";
import type { Voice } from "@parley/shared/voices";
import type { TtsProvider, VoiceInfo } from "@parley/voice/providers/tts/tts-provider";
import type { Logger } from "../../platform/logger.ts";
import type { Storage } from "../../platform/storage.ts";

type Deps = {
  tts: TtsProvider;
  storage: Storage;
  logger: Logger;
  /** PCM16 mono → a complete WAV file. */
  encodeWav: (pcm: Int16Array, sampleRate: number) => Uint8Array;
};

const SAMPLE_RATE = 16000;
const previewText = (v: VoiceInfo) =>
  `Hi, this is ${v.name.split(/[\s(]/)[0]} from Parley. I'm calling ` +
  "about your recent enquiry. Do you have a minute to talk?";

/** Changes when the voice or its sentence changes, so a cached clip is never stale. */
const version = (v: VoiceInfo) =>
  crypto
    .createHash("sha256")
    .update(`${v.provider}\n${v.id}\n${previewText(v)}`)
    .digest("hex")
    .slice(0, 12);
const storageKey = (v: VoiceInfo) => `voices/previews/${v.id.replace(/[^A-Za-z0-9._-]+/g, "_")}-${version(v)}.wav`;

async function collect(chunks: AsyncIterable<Int16Array>): Promise<Int16Array> {
  const parts: Int16Array[] = [];
  let length = 0;
  for await (const c of chunks) {
    parts.push(c);
    length += c.length;
  }
  const out = new Int16Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/**
 * The voices of the configured TTS, each with a preview clip synthesised once and kept in storage.
 * `warmUp` makes every clip in the background at start; a clip asked for before that is made on demand.
 */
export function createVoicesService(deps: Deps) {
  const { tts, storage, logger } = deps;
  let voices: Promise<VoiceInfo[]> | null = null;
  const inFlight = new Map<string, Promise<void>>();
  const failed = new Set<string>();

  const all = () => {
    voices ??= tts.listVoices().catch((err) => {
      voices = null; // try again next time
      throw err;
    });
    return voices;
  };
  const find = async (id: string) => (await all()).find((v) => v.id === id) ?? null;

  const synthesise = (v: VoiceInfo): Promise<void> => {
    const key = storageKey(v);
    let job = inFlight.get(key);
    if (!job) {
      job = (async () => {
        if ((await storage.size(key)) !== null) return;
        const pcm = await collect(tts.synthesize(previewText(v), { voiceId: v.id, sampleRate: SAMPLE_RATE }));
        if (pcm.length === 0) throw new Error(`voice ${v.id} produced no audio`);
        await storage.put(key, Buffer.from(deps.encodeWav(pcm, SAMPLE_RATE)));
        failed.delete(v.id);
      })()
        .catch((err) => {
          failed.add(v.id);
          throw err;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, job);
    }
    return job;
  };

  return {
    async list(): Promise<Voice[]> {
      return (await all()).map((v) => ({
        id: v.id,
        voice_id: v.id,
        name: v.name,
        description: v.description,
        preview_url: failed.has(v.id) ? null : `/api/voices/${encodeURIComponent(v.id)}/preview.wav?v=${version(v)}`,
        provider: v.provider,
        language: v.language,
        gender: v.gender,
      }));
    },
    exists: async (id: string) => (await find(id)) !== null,
    /** The clip as WAV bytes, made now if it is not cached yet; null for an unknown voice. */
    async preview(id: string): Promise<{ body: Readable; size: number } | null> {
      const v = await find(id);
      if (!v) return null;
      await synthesise(v);
      const key = storageKey(v);
      const [body, size] = await Promise.all([storage.get(key), storage.size(key)]);
      return body && size !== null ? { body, size } : null;
    },
    /** Makes every missing clip, one at a time (the machine is small); failures are logged, not thrown. */
    async warmUp(): Promise<void> {
      try {
        for (const v of await all()) {
          await synthesise(v).catch((err) =>
            logger.warn({ err, voice: v.id }, "voice preview could not be synthesised"),
          );
        }
      } catch (err) {
        logger.warn({ err }, "voices could not be listed");
      }
    },
  };
}
export type VoicesService = ReturnType<typeof createVoicesService>;
