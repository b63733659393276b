import type { Brain, BrainFactory } from "./brain.ts";

/**
 * Uses `primary` until one of its replies fails before saying anything (LLM down, bad key, timeout); that reply
 * and the rest of the call then go to `fallback`, so the callee never hears silence. A failure after the first
 * sentence cannot be taken back: it is rethrown (the session logs it) and later replies use the fallback.
 */
export function withFallback(primary: BrainFactory, fallback: BrainFactory): BrainFactory {
  return (ctx, tools): Brain => {
    const main = primary(ctx, tools);
    const spare = fallback(ctx, tools);
    let failed: Error | null = null;
    return {
      get name() {
        return failed ? `${spare.name} (fallback from ${main.name}: ${failed.message})` : main.name;
      },
      greeting: () => main.greeting(),
      async *reply(calleeText, history, signal, confidence, heard) {
        if (failed) return yield* spare.reply(calleeText, history, signal, confidence, heard);
        let said = false;
        try {
          for await (const sentence of main.reply(calleeText, history, signal, confidence, heard)) {
            said = true;
            yield sentence;
          }
        } catch (err) {
          if (signal.aborted) return;
          failed = err instanceof Error ? err : new Error(String(err));
          if (said) throw failed;
          yield* spare.reply(calleeText, history, signal, confidence, heard);
        }
      },
      expecting: () => (failed ? spare : main).expecting(),
      onSilence: (count) => (failed ? spare : main).onSilence(count),
      voicemailMessage: () => (failed ? spare : main).voicemailMessage(),
      // Both hear how a transfer ended: either may answer the caller's next words.
      transferEnded(result) {
        const spareLine = spare.transferEnded?.(result) ?? null;
        const mainLine = main.transferEnded?.(result) ?? null;
        return failed ? spareLine : mainLine;
      },
      // After a switch the fallback knows the later turns; it reads intents from the whole transcript.
      finish: (transcript) => (failed ? spare : main).finish(transcript),
    };
  };
}
