import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { answerFromPassages, NOT_IN_KNOWLEDGE_BASE, type KbPassage } from "./answer.ts";
import { parseQuestion } from "./question.ts";
import { sentencesOf } from "./sentences.ts";

// Real extracts from Debian documentation: zlib1g-dev's FAQ, redis-server's README, libjpeg-dev's README.ijg.
const fixture = (name: string) =>
  readFileSync(new URL(`../../../../tests/support/debian-passages/${name}`, import.meta.url), "utf8");
const zlib = fixture("zlib-faq.txt");
const redis = fixture("redis-readme.md");
const jpeg = fixture("libjpeg-readme.txt");

/** The text between two markers as one passage, as extraction would store it (lines joined). */
function cut(text: string, from: string, to: string, heading = ""): KbPassage {
  const start = text.indexOf(from);
  const end = text.indexOf(to, start + 1);
  assert.ok(start >= 0 && end > start, `markers ${from} … ${to} not found`);
  return { heading, text: text.slice(start, end).replace(/\s+/g, " ").trim() };
}

// Passages cut across FAQ items, as a chunker of ~150 words does.
const zlibY2k = cut(zlib, " 1. Is zlib", " 4. compress()");
const zlibFormats = cut(zlib, "11. Can zlib handle .zip", "14. How do I install");
const zlibThreads = cut(zlib, "21. Is zlib thread-safe?", "24. The license says");
const zlibBig = cut(zlib, "25. Will zlib work on a big-endian", "28. Can I access data");
const zlib4gb = cut(zlib, "32. Can zlib work with greater than 4 GB", "33. Does zlib have");
const redisWhat = cut(redis, "What is Redis?", "Building Redis", "What is Redis?");
const redisBuild = cut(redis, "Redis can be compiled and used on", "To build with TLS", "Building Redis");
const jpegCopyright = cut(jpeg, "This software is copyright (C)", "(1) If any part", "LEGAL ISSUES");
const jpegJfif = cut(jpeg, "The JPEG standard does not specify", "The TIFF 6.0 file", "REFERENCES");

const ask = (q: string, passages: KbPassage[]) => answerFromPassages(q, passages);

describe("parseQuestion", () => {
  test("tells what kind of answer is wanted, spoken lead-ins aside", () => {
    assert.equal(parseQuestion("How much memory does it need?").kind, "quantity");
    assert.equal(parseQuestion("so um when was the standard adopted").kind, "time");
    assert.equal(parseQuestion("What is Redis?").kind, "definition");
    assert.equal(parseQuestion("can you tell me is zlib thread safe").kind, "yesno");
    assert.equal(parseQuestion("Why are there two formats?").kind, "reason");
    assert.deepEqual(parseQuestion("Is zlib thread-safe?").terms, ["zlib", "thread", "safe"]);
  });
});

describe("sentencesOf", () => {
  test("an FAQ's own questions, numbered items and headings are never answers", () => {
    const s = sentencesOf(zlibFormats.text);
    assert.deepEqual(
      s.filter((x) => x.question).map((x) => x.text),
      ["Can zlib handle .zip archives?", "Can zlib handle .Z files?", "How can I make a Unix shared library?"],
    );
    assert.ok(!sentencesOf(redisWhat.text, redisWhat.heading)[0]!.speakable, "the heading repeated in the text");
  });
  test("links are said as their site's name", () => {
    const s = sentencesOf(cut(zlib, "If your question is not there", " 1. Is zlib").text);
    assert.equal(
      s[0]!.text,
      (
        "If your question is not there, please check the zlib home page " +
        "zlib.net/ which may have more recent information."
      ).replace("zlib.net/", "zlib.net"),
    );
  });
});

describe("answerFromPassages on real documents", () => {
  test("yes/no: the yes or no with the sentence that explains it, not the question read back", () => {
    const a = ask("Is zlib Y2K compliant?", [zlibY2k, zlibFormats]);
    assert.deepEqual(
      { text: a.text, answered: a.answered, used: a.used },
      { text: "Yes. zlib doesn't handle dates.", answered: true, used: [0] },
    );
    assert.equal(ask("is zlib thread safe", [zlibFormats, zlibThreads]).text.slice(0, 4), "Yes.");
    assert.match(ask("can zlib handle zip archives", [zlibFormats]).text, /^Not by itself, no\./);
    assert.match(
      ask("will zlib work on a 64 bit machine", [zlibBig]).text,
      /^Yes\. It has been tested on 64-bit machines/,
    );
  });
  test("the answer under the FAQ question that was asked, not its neighbour's", () => {
    const a = ask("Can zlib handle .Z files?", [zlibFormats]);
    assert.match(a.text, /^No, sorry\./);
    assert.ok(!/minizip/.test(a.text));
  });
  test("how much / how many: a sentence with the number", () => {
    const a = ask("How much data can zlib handle, more than 4 gigabytes?", [zlib4gb, zlibBig]);
    assert.ok(a.answered);
    assert.match(a.text, /4 GB|any amount/);
  });
  test("when: a sentence with the date", () => {
    const a = ask("When was JFIF adopted as an ISO standard?", [jpegJfif, jpegCopyright]);
    assert.ok(a.answered);
    assert.match(a.text, /2013/);
    const since = ask("Since what year is the software copyrighted?", [jpegCopyright, jpegJfif]);
    // The sentence with the years is chosen, but the precision gate (gate.ts) holds it back:
    // it and its heading hold under 70% of the question.
    assert.equal(since.checks[0]?.rule, "well-supported");
    assert.match(since.checks[0]!.sentence, /1991-2020/);
  });
  test("what is: the defining sentence, not the heading", () => {
    const a = ask("What is Redis?", [redisWhat, redisBuild]);
    assert.match(a.text, /^Redis is often referred to as a data structures server\./);
    assert.ok(!a.text.startsWith("What is Redis"));
  });
  test("at most about two sentences fit for speech", () => {
    for (const q of ["What is Redis?", "Is zlib thread safe?", "Which systems can Redis be compiled on?"]) {
      const a = ask(q, [redisWhat, redisBuild, zlibThreads]);
      assert.ok(a.text.length <= 262, `${q}: ${a.text.length} characters`);
      assert.ok(!/https?:|[*#`]/.test(a.text), a.text);
    }
  });
  test("says so honestly when the passages do not answer", () => {
    for (const q of [
      "Does zlib support bzip2?",
      "What port does Redis listen on?",
      "How much does a Redis licence cost?",
    ]) {
      const a = ask(q, [zlibFormats, zlib4gb, redisBuild]);
      assert.deepEqual(
        { text: a.text, answered: a.answered, used: a.used },
        { text: NOT_IN_KNOWLEDGE_BASE, answered: false, used: [] },
        q,
      );
    }
    // The passage speaks of zlib on Windows, but of getting a DLL, not of uninstalling.
    assert.equal(ask("How do I uninstall zlib on Windows?", [zlibY2k]).answered, false);
    // "Where" is answered by a place: the file that says how, not how to build one.
    assert.equal(
      ask("Where can I get a Windows DLL version of zlib?", [zlibY2k]).text,
      "See the file win32/DLL_FAQ.txt in the zlib distribution.",
    );
    assert.equal(ask("hello", [redisWhat]).answered, false);
    assert.equal(ask("What is Redis?", []).answered, false);
  });
  test("used names the passage the answer came from", () => {
    assert.deepEqual(ask("What is Redis?", [zlibY2k, redisWhat]).used, [1]);
  });
});

// Passages as the knowledge base stores them for the dev set's documents: PostgreSQL's numeric types table
// (postgresql-doc, a table read as "row — column: value" sentences) and git's FAQ (git-doc, AsciiDoc).
const pgTable: KbPassage = {
  heading: "Table 8.2. Numeric Types",
  text: fixture("postgresql-numeric-types-table.txt").trim(),
};
const [gitAmend, gitFetch] = fixture("git-faq-passages.txt")
  .trim()
  .split("\n\n")
  .map((text) => ({ heading: "Common Issues", text }));

describe("answerFromPassages on stored passages of the dev set", () => {
  test("a table row's value answers with the row it belongs to", () => {
    assert.equal(
      ask("What's the largest number a smallint can hold?", [pgTable]).text,
      "smallint — Range: -32768 to +32767.",
    );
    assert.match(ask("how many bytes does a big int take", [pgTable]).text, /^bigint — Storage Size: 8 bytes\./);
  });
  test("an AsciiDoc FAQ item: the question up to '::' is never said, the answer after it is", () => {
    const a = ask("i made a mistake in my last commit how do i fix it", [gitFetch!, gitAmend!]);
    assert.match(a.text, /^You can make the appropriate change .* git commit --amend\./);
    assert.deepEqual(a.used, [1]);
  });
  test("the sentence saying the question's own words wins over one saying the opposite", () => {
    // bash's manual page (bash-doc), as stored from the PDF: "can't be found" is "cannot be found", not "was found".
    const bash: KbPassage = { heading: "SHELL BUILTIN COMMANDS", text: fixture("bash-builtin-command.txt").trim() };
    assert.equal(
      ask("What exit code do I get when a command can't be found?", [bash]).text,
      "If neither option is supplied and an error occurred or command cannot be found, the exit status is 127.",
    );
  });
  test("a second sentence joins when it says what the first does not", () => {
    assert.equal(
      ask("What's the difference between fetch and pull?", [gitFetch!]).text,
      "A fetch stores a copy of the latest changes from the remote " +
        "repository, without modifying the working tree or current branch. " +
        "A pull consists of a fetch followed immediately by either a merge or rebase.",
    );
  });
});
