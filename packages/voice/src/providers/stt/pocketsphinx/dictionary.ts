import fs from "node:fs";
import type { HeardWord } from "./passes/pass.ts";

/** word → its dictionary lines (alternative pronunciations are `word(2) …`). */
export async function readDictionaryFile(file: string): Promise<Map<string, string[]>> {
  return readDictionary(await fs.promises.readFile(file, "utf8"));
}

export function readDictionary(text: string): Map<string, string[]> {
  const dict = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const head = line.slice(0, line.indexOf(" "));
    if (!head) continue;
    const word = head.replace(/\(\d+\)$/, "");
    dict.set(word, [...(dict.get(word) ?? []), line]);
  }
  return dict;
}

/** A word's first pronunciation in the dictionary ("B UH K"), "" when it has none. */
export function pronunciation(dict: Map<string, string[]>, word: string): string {
  return dict.get(word)?.[0]?.split(/\s+/).slice(1).join(" ") ?? "";
}

// One character per phone, so pronunciations compare by string edit distance; a phone keeps its character for the
// life of the process (only equality matters, so the order phones are first met in changes no comparison).
const PHONE_CHARS = new Map<string, string>();
const phoneChar = (phone: string): string => {
  let char = PHONE_CHARS.get(phone);
  if (char === undefined) {
    char = String.fromCharCode(0x100 + PHONE_CHARS.size);
    PHONE_CHARS.set(phone, char);
  }
  return char;
};

/** The words' pronunciations (attached by the recognizer thread, or from `dict`), one character per phone. */
export function phoneString(words: HeardWord[], dict: Map<string, string[]> | null): string {
  return words
    .flatMap((w) => (w.phones ?? (dict ? pronunciation(dict, w.word) : "")).split(" ").filter(Boolean))
    .map(phoneChar)
    .join("");
}
