const ABBREVIATION = /\b(mr|mrs|ms|dr|st|e\.g|i\.e|vs|etc)\.$/i;

/**
 * Cuts streamed text into sentences as soon as each one ends, so the first is spoken while the rest is still
 * being generated. An end mark counts only once whitespace follows it (so "3.5" and "$49.99" stay whole).
 */
export function createSentenceSplitter() {
  let buffer = "";
  return {
    push(text: string): string[] {
      buffer += text;
      const out: string[] = [];
      let cut = 0;
      for (const m of buffer.matchAll(/[.!?…]+["')\]]*(?=\s)/g)) {
        const end = m.index + m[0].length;
        const sentence = buffer.slice(cut, end).trim();
        if (ABBREVIATION.test(sentence)) continue; // "Dr." alone is not a sentence
        if (sentence) out.push(sentence);
        cut = end;
      }
      buffer = buffer.slice(cut);
      return out;
    },
    flush(): string | null {
      const rest = buffer.trim();
      buffer = "";
      return rest || null;
    },
  };
}
