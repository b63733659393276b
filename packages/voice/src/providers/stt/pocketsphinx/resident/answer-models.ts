import fs from "node:fs";
import path from "node:path";
import type { Expectation } from "../../../../expectation/expectation.ts";
import { buildArpa } from "../domain-model/domain-lm.ts";
import { expectationKey, expectationSentences } from "../expectation-model/expectation-phrases.ts";
import type { SphinxDecoder } from "./sphinx-decoder.ts";
import type { LanguageModelHandle, SphinxLibrary } from "./sphinx-library.ts";

/**
 * The expected answers' models of one recognizer thread: built there on first use (never on the event loop), read
 * once and shared by the thread's decoders, each added to a decoder as a search named by its expectation.
 */
export function createAnswerModels(lib: SphinxLibrary, dict: Map<string, string[]>, root: string) {
  fs.mkdirSync(root, { recursive: true });
  const models = new Map<string, LanguageModelHandle>();
  const added = new WeakMap<SphinxDecoder, Set<string>>();
  return {
    /** The search of `expectation`'s answers on `decoder`, added to it if it has none yet. */
    searchFor(decoder: SphinxDecoder, expectation: Expectation): string {
      const key = expectationKey(expectation);
      let lm = models.get(key);
      if (!lm) {
        const file = path.join(root, `answers-${models.size}.arpa`);
        fs.writeFileSync(
          file,
          buildArpa(expectationSentences(expectation), (w) => dict.has(w)),
        );
        lm = lib.readLanguageModel(decoder.handle, file) ?? undefined;
        if (!lm) throw new Error(`pocketsphinx could not read the answers' model ${file}`);
        models.set(key, lm);
      }
      const searches = added.get(decoder) ?? new Set<string>();
      added.set(decoder, searches);
      if (!searches.has(key)) {
        if (!lib.addLanguageModel(decoder.handle, key, lm)) throw new Error(`pocketsphinx refused the model ${key}`);
        searches.add(key);
      }
      return key;
    },
  };
}
