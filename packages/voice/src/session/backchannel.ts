// Short acknowledgements a listener makes while the other person talks; they are not an answer.
const BACKCHANNELS = new Set([
  "yeah",
  "yes",
  "yep",
  "ok",
  "okay",
  "mm",
  "mhm",
  "mm-hmm",
  "mmhmm",
  "uh-huh",
  "uh huh",
  "right",
  "sure",
  "i see",
  "got it",
  "alright",
  "all right",
  "hmm",
]);

/** Whether an utterance said over the agent is only a backchannel ("yeah", "ok", "mm-hmm"). */
export function isBackchannel(text: string): boolean {
  const t = text
    .toLowerCase()
    .replace(/[^a-z\s-]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!t) return false;
  if (BACKCHANNELS.has(t)) return true;
  // "yeah yeah", "ok ok right"
  const words = t.split(" ");
  return words.length <= 3 && words.every((w) => BACKCHANNELS.has(w));
}
