import { test } from "node:test";
import assert from "node:assert/strict";
import { chunkSections, dropCommonRoot, textSections } from "./chunk-text.ts";

/** Plain text as the upload path chunks it: its sections (headings found in the text), then passages. */
const chunkText = (text: string, options?: Parameters<typeof chunkSections>[1]) =>
  chunkSections(textSections(text), options);

const wc = (s: string) => s.split(/\s+/).filter(Boolean).length;
const sentence = (i: number) => `Sentence number ${i} explains one more detail about the service we offer.`;

test("keeps passages between the word limits and cuts only at sentence ends", () => {
  const body = Array.from({ length: 120 }, (_, i) => sentence(i)).join(" ");
  const passages = chunkText(body);
  assert.ok(passages.length >= 5);
  for (const p of passages) {
    assert.ok(wc(p.text) <= 200, `too long: ${wc(p.text)}`);
    assert.ok(wc(p.text) >= 80, `too short: ${wc(p.text)}`);
    assert.match(p.text, /^Sentence number \d+ .*service we offer\.$/);
  }
  assert.equal(passages.map((p) => p.text).join(" "), body, "nothing lost or reordered");
});

test("never crosses a heading and records it", () => {
  const text =
    "# Pricing\nPremium plan: $49 per month.\nBasic plan: $19 per month.\n\n# Support\nWe answer calls from 9 to 5.";
  const passages = chunkText(text);
  assert.deepEqual(passages, [
    { heading: "Pricing", text: "Premium plan: $49 per month. Basic plan: $19 per month.", page: null },
    { heading: "Support", text: "We answer calls from 9 to 5.", page: null },
  ]);
});

test("recognises short title lines as headings, joins wrapped lines and hyphenation", () => {
  const text =
    "Refund Policy\nRefunds are possible within thirty days of pur-\nchase, " +
    "no questions asked.\n\nOpening Hours\nMonday to Friday.";
  const passages = chunkText(text);
  assert.equal(passages.length, 2);
  assert.equal(passages[0]!.heading, "Refund Policy");
  assert.equal(passages[0]!.text, "Refunds are possible within thirty days of purchase, no questions asked.");
  assert.equal(passages[1]!.heading, "Opening Hours");
});

test("cuts a sentence longer than the maximum at word boundaries", () => {
  const long = Array.from({ length: 450 }, (_, i) => `w${i}`).join(" ") + ".";
  const passages = chunkText(long);
  assert.deepEqual(
    passages.map((p) => wc(p.text)),
    [200, 200, 50],
  );
});

test("empty or blank text gives no passages", () => {
  assert.deepEqual(chunkText(""), []);
  assert.deepEqual(chunkText("\n \n\t\n"), []);
});

test("finds headings in PDF-style text without blank lines", () => {
  const text = "The battery stores 13.5 kWh and keeps the\nlights on.\nWarranty\nThe warranty lasts twelve years.";
  assert.deepEqual(chunkText(text), [
    { heading: "", text: "The battery stores 13.5 kWh and keeps the lights on.", page: null },
    { heading: "Warranty", text: "The warranty lasts twelve years.", page: null },
  ]);
});

test("a heading under a higher one carries the path; a same-level heading replaces it", () => {
  const text =
    "# Installing\nRun the installer.\n\n## On Debian\nUse apt.\n\n## " +
    "On Windows\nUse the wizard.\n\n# Support\nCall us.";
  assert.deepEqual(
    chunkText(text).map((p) => p.heading),
    ["Installing", "Installing › On Debian", "Installing › On Windows", "Support"],
  );
});

test("a passage keeps the page its first sentence is printed on", () => {
  const first = Array.from({ length: 25 }, (_, i) => `Page one sentence ${i} has words.`).join(" ");
  const second = " Page two starts here and goes on.";
  const passages = chunkSections(
    [{ heading: "", paragraphs: [{ text: first + second, page: 1, breaks: [{ at: first.length + 1, page: 2 }] }] }],
    { minWords: 10, maxWords: 150 },
  );
  assert.deepEqual(
    passages.map((p) => p.page),
    [1, 2],
  );
  assert.match(passages[1]!.text, /Page two starts here/);
});

test("a title every heading sits under is dropped from the paths, kept where it is the only heading", () => {
  const p = (text: string) => ({ text, page: null });
  const sections = [
    { heading: "", paragraphs: [p("Cover text.")] },
    { heading: "Using Automake", paragraphs: [p("Intro.")] },
    { heading: "Using Automake › First build", paragraphs: [p("Run bootstrap.")] },
    { heading: "Using Automake › Scripts › Example", paragraphs: [p("gropdf.")] },
  ];
  assert.deepEqual(
    dropCommonRoot(sections).map((s) => s.heading),
    ["", "Using Automake", "First build", "Scripts › Example"],
  );
  const two = [
    { heading: "A", paragraphs: [p("x.")] },
    { heading: "B › C", paragraphs: [p("y.")] },
  ];
  assert.deepEqual(dropCommonRoot(two), two);
});

// Real extracts: git-doc's setup-git-server-over-http.txt and gitfaq.txt (AsciiDoc), Debian git-doc 2.39.
test("an underlined title is a heading and its underline is not kept; levels follow the marks' order", () => {
  const text = [
    "How to setup Git server over http",
    "=================================",
    "",
    "NOTE: This document is from 2006.",
    "",
    "Step 1: setup a bare Git repository",
    "-----------------------------------",
    "",
    "At the time of writing, git-http-push cannot remotely create a Git",
    "repository.",
    "",
    "Step 2: enable DAV on this repository",
    "-------------------------------------",
    "",
    "First make sure the dav_module is loaded.",
  ].join("\n");
  const passages = chunkText(text);
  assert.deepEqual(
    passages.map((p) => p.heading),
    [
      "How to setup Git server over http",
      "How to setup Git server over http › Step 1: setup a bare Git repository",
      "How to setup Git server over http › Step 2: enable DAV on this repository",
    ],
  );
  assert.ok(
    passages.every((p) => !/[=-]{3,}/.test(p.text)),
    passages.map((p) => p.text).join(" | "),
  );
});

test("a listing between ---- delimiters is text, never headings, and the delimiters go", () => {
  const text = [
    "Configuration",
    "-------------",
    "",
    "you could write something like the following in `~/.ssh/config`:",
    "+",
    "----",
    "# This is the account for author on git.example.org.",
    "Host example_author",
    "\tIdentitiesOnly yes",
    "----",
    "+",
    "Then, you can adjust your push URL.",
    "",
    "Hooks",
    "-----",
    "",
    "Use a pre-receive hook.",
  ].join("\n");
  const passages = chunkText(text);
  assert.deepEqual(
    passages.map((p) => p.heading),
    ["Configuration", "Hooks"],
  );
  assert.match(
    passages[0]!.text,
    /# This is the account for author on git\.example\.org\. Host example_author IdentitiesOnly yes \+ Then/,
  );
  assert.doesNotMatch(passages[0]!.text, /----/);
});

test("a short line is a title only when it stands apart: not a wrapped line's start, a command or before code", () => {
  const text = [
    "For the details of the format read the manual page first.",
    "See",
    "README.Debian for the rest of the story.",
    "",
    "Create this file by",
    "    $ htpasswd -c /usr/local/apache2/conf/passwd.git <user>",
    "",
    "    LoadModule dav_module libexec/httpd/libdav.so",
    "    AddModule mod_dav.c",
    "",
    "Troubleshooting",
    "If git-http-push says no locking, check the password.",
  ].join("\n");
  const passages = chunkText(text);
  assert.deepEqual(
    passages.map((p) => p.heading),
    ["", "Troubleshooting"],
  );
  assert.match(passages[0]!.text, /first\. See README\.Debian/);
  assert.match(passages[0]!.text, /Create this file by \$ htpasswd -c/);
});

test("a compound split at an indented line end keeps its hyphen and loses the space; a split word is joined", () => {
  const text =
    "\tThis is the application-\n\tprovided data, which the application stores.\n\tThe pur-\n\tchase is complete.";
  assert.equal(
    chunkText(text)[0]!.text,
    "This is the application-provided data, which the application stores. The purchase is complete.",
  );
});

// sed's FAQ (sed 4.9, /usr/share/doc/sed/sedfaq.txt): a command and an address are not titles.
test("a sed command or a web address on a line of its own is not a title", () => {
  const text = [
    "In case (a):",
    "",
    "sed 's/^[^,]*,[^,]*,/.../'",
    "The first field is replaced.",
    "",
    "URL: http://sed.sourceforge.net/sedfaq.html",
    "Maintainer: Eric Pement",
  ].join("\n");
  assert.deepEqual(
    chunkText(text).map((p) => p.heading),
    [""],
  );
});

// nano's README (nano 7.2, tests/kb-check-set/nano-readme.txt): titles at the margin over indented paragraphs,
// and a picture of the screen drawn as a box.
test("a title at the margin over an indented paragraph is a heading; a text-drawn box is no title or listing", () => {
  const text = [
    "",
    "          GNU nano -- a simple editor, inspired by Pico",
    "",
    "Purpose",
    "",
    "    Nano is a small and simple text editor for use on the terminal.",
    "    It copied the interface and key bindings of the Pico editor.",
    "",
    "Appearance",
    "",
    "    In rough ASCII graphics, this is what nano's screen looks like:",
    "",
    "   ____________________________________________________________________",
    "  |  GNU nano 7.2                  filename                  Modified  |",
    "   --------------------------------------------------------------------",
    "  | This is the text window, displaying the contents of a 'buffer',    |",
    "   --------------------------------------------------------------------",
    "  |^G Help       ^O Write Out  ^W Where Is   ^K Cut        ^T Execute  |",
    "   --------------------------------------------------------------------",
    "",
    "Origin",
    "",
    '    The nano project was started in 1999 because of a few "problems"',
    "    with the wonderfully easy-to-use and friendly Pico text editor.",
    "",
    "How to compile and install nano",
    "",
    "    Download the latest nano source tarball, and then:",
    "",
    "        tar -xvf nano-x.y.tar.gz",
    "        cd nano-x.y",
  ].join("\n");
  const passages = chunkText(text);
  assert.deepEqual(
    passages.map((p) => p.heading),
    ["", "Purpose", "Appearance", "Origin", "How to compile and install nano"],
  );
  assert.match(passages[3]!.text, /^The nano project was started in 1999/);
  assert.match(passages[2]!.text, /\^O Write Out/);
});

// TCP wrappers' README (libwrap0 7.6.q-32, tests/kb-third-set): "3.1 - How it works" underlined.
test("a section number with a dash before its title is not part of the heading", () => {
  const text = [
    "3 - Tutorials",
    "-------------",
    "",
    "The tutorial sections give a gentle introduction.",
    "",
    "3.1 - How it works",
    "--------------------",
    "",
    "Some inetd daemons are started.",
  ].join("\n");
  // (Both underlined with "-": one level, as the README draws them.)
  assert.deepEqual(
    chunkText(text).map((p) => p.heading),
    ["Tutorials", "How it works"],
  );
});

test("marks under part of a line point at it: they underline no title", () => {
  const text = [
    "Then perform the following edits on the inetd configuration file:",
    "",
    "    finger  stream  tcp     nowait  nobody  /usr/etc/in.fingerd     in.fingerd",
    "                                            ^^^^^^^^^^^^^^^^^^^",
    "becomes:",
    "",
  ].join("\n");
  assert.deepEqual(
    chunkText(text).map((p) => p.heading),
    [""],
  );
});

// defusedxml's README (python3-defusedxml 0.7.1, tests/kb-third-set):
// markdown with a pipe table, inline HTML and escapes.
test("a markdown table is read as sentences; inline HTML and backslash escapes are not kept", () => {
  const text = [
    "## Python XML Libraries",
    "",
    "| kind                                   | sax      | etree        | lxml           |",
    "| -------------------------------------- | -------- | ------------ | -------------- |",
    "| billion laughs                         | **True** | **True**     | False (1)      |",
    "| gzip bomb                              | False    | False        | **partly** (2) |",
    "",
    "The original example expands the string `lol` to a string of 3 \\*",
    "10 <sup>9</sup> bytes.",
    "",
    "  - forbid\\_dtd (default: False)  ",
    "    disallow XML with a `<!DOCTYPE>` processing instruction.",
    "",
    '<div class="contents" data-depth="2">',
    "",
    "Table of Contents",
    "",
    "</div>",
  ].join("\n");
  const [passage] = chunkText(text);
  assert.equal(passage!.heading, "Python XML Libraries");
  assert.match(
    passage!.text,
    new RegExp(
      String.raw`^billion laughs — sax: True\. billion laughs — etree: True\. billion laug` +
        String.raw`hs — lxml: False \(1\)\. gzip bomb — sax: False\.`,
    ),
  );
  assert.match(passage!.text, /a string of 3 \* 10 \^9 bytes\. - forbid_dtd \(default: False\)/);
  assert.doesNotMatch(passage!.text, /<div|<\/div>|<sup|\\_/);
});

test("outside markdown a text file's tags and backslashes are its words", () => {
  assert.match(
    chunkText("Put <div> around the block and C:\\_tmp stays.")[0]!.text,
    /<div> around the block and C:\\_tmp/,
  );
});
