import fs from "node:fs";
import path from "node:path";
import { domainModel } from "./domain-model.ts";

/**
 * The domain models' files of one recognizer thread, built there (never on the event loop: building one takes
 * hundreds of milliseconds) and kept per vocabulary, so the calls of one campaign share one model and only
 * the first call of a campaign builds it. pocketsphinx reads the files when a decoder is made, so an evicted
 * model's files can go at once.
 */
const KEPT = 16;

export function createDomainModelCache(dict: Map<string, string[]>, root: string) {
  fs.mkdirSync(root, { recursive: true });
  const models = new Map<string, { lm: string; dict: string }>();
  let made = 0;
  return {
    files(vocabulary: string[]): { lm: string; dict: string } {
      const key = vocabulary.join("\n");
      const kept = models.get(key);
      if (kept) {
        models.delete(key); // most recently used last
        models.set(key, kept);
        return kept;
      }
      const dir = path.join(root, String(made++));
      fs.mkdirSync(dir);
      const model = domainModel(vocabulary, dict);
      const files = { lm: path.join(dir, "domain.arpa"), dict: path.join(dir, "domain.dict") };
      fs.writeFileSync(files.lm, model.arpa);
      fs.writeFileSync(files.dict, model.dict);
      models.set(key, files);
      for (const [old, f] of models) {
        if (models.size <= KEPT) break;
        models.delete(old);
        fs.rmSync(path.dirname(f.lm), { recursive: true, force: true });
      }
      return files;
    },
  };
}
