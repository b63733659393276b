import type { TtsProvider, VoiceInfo } from "./tts-provider.ts";

/**
 * Several engines as one TTS: the voices of all of them, and each synthesis sent to the engine that
 * owns the voice (the offline default offers flite's and espeak-ng's voices side by side).
 */
export function combineTts(providers: TtsProvider[]): TtsProvider {
  const owners = new Map<string, TtsProvider>();
  const list = async () => {
    const all: VoiceInfo[] = [];
    for (const p of providers) {
      for (const v of await p.listVoices()) {
        if (owners.has(v.id) && owners.get(v.id) !== p) continue; // first engine wins a shared id
        owners.set(v.id, p);
        all.push(v);
      }
    }
    return all;
  };
  return {
    name: providers.map((p) => p.name).join("+"),
    listVoices: list,
    async *synthesize(text, opts) {
      if (!owners.has(opts.voiceId)) await list();
      const owner = owners.get(opts.voiceId);
      if (!owner) throw new Error(`Unknown voice: ${opts.voiceId}`);
      yield* owner.synthesize(text, opts);
    },
  };
}
