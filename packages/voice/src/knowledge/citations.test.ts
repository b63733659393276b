import { test } from "node:test";
import assert from "node:assert/strict";
import { answerFromPassages } from "./answer.ts";
import { withoutCitations } from "./citations.ts";
import { speakable } from "./faq-answer.ts";

// Real extracts: the Shared MIME-info Database specification (Debian shared-mime-info 2.2-1,
// /usr/share/doc/shared-mime-info/shared-mime-info-spec.html/x34.html), gitfaq(7) (git-doc 2.39) and bash(1).
const mime = {
  heading: "Shared MIME-info Database › Unified system",
  text:
    "Each application that wishes to contribute to the MIME database " +
    "will install a single XML file. After installing, " +
    "uninstalling or modifying this file, the application MUST run " +
    "the update-mime-database command, which is provided " +
    "by the freedesktop.org shared database[SharedMIME]. This specification uses the XDG Base Directory " +
    "Specification[BaseDir] to define the prefixes below which the database is stored. Further, the existing " +
    "databases have been merged into a single package [SharedMIME].",
};

test("citation keys in brackets are not said", () => {
  assert.equal(
    withoutCitations("which is provided by the freedesktop.org shared database[SharedMIME]."),
    "which is provided by the freedesktop.org shared database.",
  );
  assert.equal(
    withoutCitations("This specification uses the XDG Base Directory Specification[BaseDir] to define the prefixes."),
    "This specification uses the XDG Base Directory Specification to define the prefixes.",
  );
  assert.equal(
    withoutCitations("the existing databases have been merged into a single package [SharedMIME]."),
    "the existing databases have been merged into a single package.",
  );
});

test("numbered references, manual links and footnote marks are not said", () => {
  assert.equal(withoutCitations("You can see linkgit:git-var[1] for details."), "You can see git-var for details.");
  assert.equal(withoutCitations("as the standard requires.[2, 3] It also"), "as the standard requires. It also");
  assert.equal(withoutCitations("the first release¹ came later†."), "the first release came later.");
  assert.equal(withoutCitations("kept in the project.1 The next"), "kept in the project. The next");
});

test("near misses stay: an array index, a key to press, an exponent unit, a version, a bracketed option", () => {
  for (const kept of [
    "BASH_VERSINFO[0] The major version number.",
    "Type the name and press [Enter] to save it.",
    "A panel of 2 m² gives 400 W.",
    "Upgrade to version 1.2 Then restart.",
    "kill [−s sigspec] sends a signal.",
    "Use [Default] settings in the dialog.",
  ])
    assert.equal(withoutCitations(kept), kept);
});

test("the spoken answer and a model's answer drop them", () => {
  const a = answerFromPassages("which command must an application run after installing its mime file", [mime]);
  assert.equal(a.answered, true);
  assert.match(a.text, /update-mime-database command/);
  assert.doesNotMatch(a.text, /\[/);
  assert.equal(speakable("zlib is thread-safe [1]."), "zlib is thread-safe.");
});
