// Mean word posterior below which pocketsphinx's words are doubtful: misheard real speech scores under it,
// clearly heard answers well over it. Cloud engines report on the same 0–1 scale; an engine without a
// confidence (null) is trusted.
const MIN_CONFIDENCE = 0.55;

/** Whether the brain may act (book, opt out, schedule, hang up) on words heard with this confidence. */
export const isSure = (confidence: number | null | undefined): boolean =>
  confidence == null || confidence >= MIN_CONFIDENCE;

/** Told to a language model with doubtful words, so it confirms before it calls a tool. */
export const DOUBTFUL_WORDS_NOTE =
  "Speech recognition was unsure of the caller's last words. Before booking, scheduling a callback, adding " +
  "them to the do-not-call list or ending the call, repeat what you understood and ask them to confirm.";
