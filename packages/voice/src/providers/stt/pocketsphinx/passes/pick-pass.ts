import type { SttResult } from "../../stt-provider.ts";
import { phoneString } from "../dictionary.ts";
import type { Pass } from "./pass.ts";
import { alike, chooseWords, SURE, wordsOf } from "./word-choice.ts";

// How much better the domain pass must explain the audio (share of the general pass's log-likelihood) for its
// words to stand whole: out-of-domain speech never gives the small model such a lead, a clear in-domain answer
// over a phone line (where the general model hears little) does.
const MIN_ADVANTAGE = 0.2;

/**
 * The words that stand, and how far to trust them. The domain pass counts only when it explains the audio at
 * least as well as the general pass (a small model explains almost any audio with its own phrases); then its words
 * replace the general pass's word by word where those were unsure and its own sound alike and are sure
 * (word-choice.ts), or whole when it explains the audio far better and is sure of its words.
 */
export function pickPass(general: Pass, biased: Pass, dict: Map<string, string[]> | null = null): SttResult {
  const asHeard = { text: general.text, confidence: general.confidence };
  if (!biased.text || !(biased.logProb >= general.logProb)) return asHeard;
  const advantage = (biased.logProb - general.logProb) / Math.abs(general.logProb);
  const sure = biased.confidence ?? 0;
  if (advantage >= MIN_ADVANTAGE && sure >= SURE) {
    // Words only the domain pass heard are the ones it may have invented: the less the passes agree, the less
    // the text is trusted to act on.
    const agreement = alike(phoneString(wordsOf(general), dict), phoneString(wordsOf(biased), dict));
    return { text: biased.text, confidence: sure * agreement };
  }
  const chosen = chooseWords(general, biased, (words) => phoneString(words, dict));
  return { text: chosen.text, confidence: chosen.confidence };
}
