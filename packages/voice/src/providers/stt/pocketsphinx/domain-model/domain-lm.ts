/**
 * A small bigram language model, in ARPA text format, built from the phrases a call is likely to hear.
 * pocketsphinx interpolates it with its general English model (an lmctl set), which biases recognition
 * towards the call's vocabulary (days, times, yes/no, the campaign's own words) without losing the rest.
 */

const DISCOUNT = 0.5; // absolute discounting: the mass each seen bigram gives to the backoff

export function tokenize(sentence: string): string[] {
  return sentence
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
}

/** ARPA text of a bigram model over `sentences`; words the dictionary lacks (`known` false) are left out. */
export function buildArpa(sentences: string[], known: (word: string) => boolean = () => true): string {
  const uni = new Map<string, number>();
  const bi = new Map<string, Map<string, number>>();
  let total = 0;
  for (const s of sentences) {
    const words = tokenize(s).filter(known);
    if (!words.length) continue;
    const seq = ["<s>", ...words, "</s>"];
    for (let i = 0; i < seq.length; i++) {
      const w = seq[i]!;
      uni.set(w, (uni.get(w) ?? 0) + 1);
      total++;
      if (i === 0) continue;
      const prev = seq[i - 1]!;
      const next = bi.get(prev) ?? new Map<string, number>();
      next.set(w, (next.get(w) ?? 0) + 1);
      bi.set(prev, next);
    }
  }
  const pUni = (w: string) => (uni.get(w) ?? 0) / total;
  const log = (p: number) => Math.log10(p).toFixed(4);
  const uniLines: string[] = [];
  const biLines: string[] = [];
  for (const [w] of [...uni].sort(([a], [b]) => a.localeCompare(b))) {
    const next = bi.get(w);
    let backoff = "";
    if (next) {
      const count = [...next.values()].reduce((a, b) => a + b, 0);
      const left = (DISCOUNT * next.size) / count;
      const seenMass = [...next.keys()].reduce((a, x) => a + pUni(x), 0);
      backoff = ` ${log(left / Math.max(1e-9, 1 - seenMass))}`;
      for (const [x, c] of [...next].sort(([a], [b]) => a.localeCompare(b)))
        biLines.push(`${log((c - DISCOUNT) / count)} ${w} ${x}`);
    }
    // <s> is never predicted: ARPA gives it the conventional -99.
    uniLines.push(`${w === "<s>" ? "-99.0000" : log(pUni(w))} ${w}${backoff}`);
  }
  return [
    "\\data\\",
    `ngram 1=${uniLines.length}`,
    `ngram 2=${biLines.length}`,
    "",
    "\\1-grams:",
    ...uniLines,
    "",
    "\\2-grams:",
    ...biLines,
    "",
    "\\end\\",
    "",
  ].join("\n");
}
