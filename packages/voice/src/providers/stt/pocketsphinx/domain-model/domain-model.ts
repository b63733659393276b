import fs from "node:fs";
import path from "node:path";
import { buildArpa } from "./domain-lm.ts";
import { domainSentences } from "./domain-phrases.ts";

/**
 * The call's domain model in `dir`: a bigram model of its phrases and its own small dictionary (the words
 * the general dictionary knows), which keeps the domain pass at a fraction of the general pass's cost.
 */
export async function writeDomainModel(
  dir: string,
  vocabulary: string[],
  dict: Map<string, string[]>,
): Promise<{ lm: string; dict: string }> {
  const model = domainModel(vocabulary, dict);
  const files = { lm: path.join(dir, "domain.arpa"), dict: path.join(dir, "domain.dict") };
  await Promise.all([fs.promises.writeFile(files.lm, model.arpa), fs.promises.writeFile(files.dict, model.dict)]);
  return files;
}

/** The domain model's two files' text: the ARPA bigram model and its dictionary. */
export function domainModel(vocabulary: string[], dict: Map<string, string[]>): { arpa: string; dict: string } {
  const words = new Set<string>();
  const inDictionary = (w: string) => {
    if (!dict.has(w)) return false;
    words.add(w);
    return true;
  };
  const arpa = buildArpa(domainSentences(vocabulary), inDictionary);
  return { arpa, dict: `${[...words].flatMap((w) => dict.get(w) ?? []).join("\n")}\n` };
}
