import { test } from "node:test";
import assert from "node:assert/strict";
import { answerFromPassages } from "./kb-answer.ts";
import { sentencesOf } from "./kb-answer-sentences.ts";

// Passages as the knowledge base stores them from the held-out sets (tests/kb-check-set, tests/kb-third-set):
// nano's FAQ (nano 7.2), valgrind's FAQ (valgrind 3.19), TCP wrappers' README (libwrap0 7.6), defusedxml's README (0.7.1).
const multibuffer = {
  heading: "Installation and Configuration › Tell me more about this multibuffer stuff!",
  text:
    "To use multiple file buffers, you must not have configured nano with --disable-multibuffer nor with --enable-tiny (use nano -V to check the " +
    "compilation options). Then when you want to insert a file into its own buffer instead of into the current file, just hit Meta-F after typing ^R. " +
    "If you always want files to be loaded into their own buffers, use the -F or --multibuffer flag when you invoke nano, or add set multibuffer to your " +
    ".nanorc file. You can move between the buffers you have open with the Meta-< and Meta-> keys, or more easily without holding Shift: Meta-, and " +
    "Meta-. (clear as mud, right? =-). When you have more than one buffer open, the ^X shortcut will say \"Close\", instead of \"Exit\".",
};

test("a question mark inside brackets does not end the sentence, nor make it a question", () => {
  const s = sentencesOf(multibuffer.text, multibuffer.heading).find((x) => x.text.startsWith("You can move between"))!;
  assert.match(s.text, /Meta-\. \(clear as mud, right\? =-\)\.$/);
  assert.equal(s.question, false);
  assert.match(answerFromPassages("how do I move between the files I have open", [multibuffer]).text, /^You can move between the buffers/);
});
