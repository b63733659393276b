import { test } from "node:test";
import assert from "node:assert/strict";
import { answerFromPassages } from "./answer.ts";
import { conjecture } from "./claim-rules.ts";

// Real extracts: XZ Utils' FAQ (xz-utils 5.4.1, /usr/share/doc/xz-utils/faq.txt.gz) and bzip2(1) (bzip2 1.0.8), in
// no knowledge set, and the bzip2 manual (bzip2-doc 1.0.8, tests/kb-fifth-set), as the knowledge base stores them.
const bzip2Algorithm = {
  heading: "Introduction",
  text:
    "I could have changed to Sadakane's algorithm, but I find it to be slower than bzip2's existing algorithm for " +
    "most inputs, and the randomisation mechanism protects adequately against bad cases. Partly this is due to the " +
    "fact that I was not flooded with email complaints about bzip2-0.1's performance on repetitive data.",
};

test("a road not taken or a guess is not a statement of how things are", () => {
  assert.equal(
    conjecture("It would have been quite OK to reuse the suffix when there were very few .lzma files around."),
    "would have been",
  );
  assert.equal(
    conjecture("I could have changed to Sadakane's algorithm, but I find it to be slower…"),
    "could have changed",
  );
  assert.equal(conjecture("I can imagine local uses for such a group."), "I can imagine");
  // Near misses: what is, what must be, what one can do.
  assert.equal(conjecture("The new format was renamed to .xz but the name of liblzma wasn't changed."), null);
  assert.equal(conjecture("You must have the development package installed."), null);
  assert.equal(conjecture("You could use the -9 option to compress harder."), null);
});

test("the sentence said is a fact, and its passage's aside is not said in its place", () => {
  const a = answerFromPassages("what algorithm does bzip2 use to compress", [bzip2Algorithm]);
  assert.equal(a.answered, false);
  assert.deepEqual(
    a.checks.map((c) => c.rule),
    ["states-a-fact", "passage-speaks-of-another"],
  );
});

test("another passage that states the fact still answers", () => {
  const manual = {
    heading: "Description",
    // bzip2(1), DESCRIPTION: its first two sentences.

    text:
      "bzip2 compresses files using the Burrows-Wheeler block sorting text compression algorithm, and Huffman " +
      "coding. Compression is generally considerably better than that achieved by more conventional " +
      "LZ77/LZ78-based compressors.",
  };
  const a = answerFromPassages("what algorithm does bzip2 use to compress", [bzip2Algorithm, manual]);
  assert.equal(a.answered, true, a.checks.map((c) => `${c.rule}: ${c.sentence}`).join("\n"));
  assert.match(a.text, /Burrows-Wheeler/);
});
