import { test } from "node:test";
import assert from "node:assert/strict";
import { answerFromPassages, type KbAnswer } from "./answer.ts";

// Real extracts, as the knowledge base stores them: libjpeg's README (libjpeg-turbo), the TCP wrappers README
// (libwrap0 7.6), defusedxml's README (0.7.1), nano's README and FAQ (nano 7.2), PostgreSQL's numeric types
// table (postgresql-doc-15) and valgrind's FAQ (valgrind 3.19).
const ijg = {
  heading: "The Independent JPEG Group's JPEG software",
  text:
    "This distribution contains a release of the Independent JPEG " +
    "Group's free JPEG software. This software is the work " +
    "of Tom Lane, Guido Vollbeding, Philip Gladstone, Bill Allombert, " +
    "Jim Boucher, Lee Crocker, Bob Friesenhahn, and other " +
    "members of the Independent JPEG Group. IJG is not affiliated with the ISO/IEC JTC1/SC29/WG1 standards committee.",
};
// The same README's opening and copyright lines.
const ijgLicence = {
  heading: "The Independent JPEG Group's JPEG software",
  text:
    "This distribution contains a release of the Independent JPEG Group's free JPEG software. You are welcome to " +
    "redistribute this software and to use it for any purpose, subject to the conditions under LEGAL ISSUES, below. " +
    "This software is copyright (C) 1991-2020, Thomas G. Lane, Guido " +
    "Vollbeding. All Rights Reserved except as specified below.",
};
const rfc931 = {
  heading: "Client username lookups",
  text:
    "There are some limitations: the number of hosts that run an RFC " +
    "931 (or compatible) daemon is limited (but growing); " +
    "client user name lookups do not work for datagram (UDP) services. " +
    "More seriously, client user name lookups can cause " +
    "noticeable delays with connections from non-UNIX PCs. The " +
    "wrappers use a 10-second timeout for RFC931 lookups, to " +
    "accommodate slow networks and slow hosts.",
};
const logging = {
  heading: "Where the logging information goes",
  text:
    "The wrapper programs send their logging information to the syslog " +
    "daemon (syslogd). The disposition of the wrapper " +
    "logs is determined by the syslog configuration file (usually /etc/syslog.conf).",
};
const laughs = {
  heading: "defusedxml -- defusing XML bombs and other exploits",
  text:
    "None of the issues is new. They have been known for a long time. Billion laughs was first reported in 2003. " +
    "Nevertheless some XML libraries and applications are still vulnerable " +
    "and even heavy users of XML are surprised by these features.",
};
const nanoInstall = {
  heading: "How to compile and install nano",
  text:
    "Use --prefix with ./configure to override the default installation directory of /usr/local. After installation " +
    'you may want to copy the doc/sample.nanorc file to your home directory, rename it to ".nanorc", and then edit it.',
};
const selfCompiled = {
  heading: "Installation and Configuration › Why does my self-compiled nano not read /etc/nanorc?",
  text:
    "By default (see 3.3), nano gets installed into /usr/local. This also means that, at startup, nano will read " +
    "/usr/local/etc/nanorc instead of /etc/nanorc.",
};
const numericTypes = {
  heading: "Table 8.2. Numeric Types",
  text:
    "smallint — Storage Size: 2 bytes. smallint — Description: " +
    "small-range integer. smallint — Range: -32768 to +32767. " +
    "integer — Storage Size: 4 bytes. integer — Description: typical choice " +
    "for integer. integer — Range: -2147483648 to +2147483647.",
};
const valgrindHelp = {
  heading: "How To Get Further Assistance",
  text:
    "Read the appropriate section(s) of the Valgrind Documentation. Search the valgrind-users mailing list archives. " +
    "Only when you have tried all of these things and are still stuck, try asking on the list.",
};

/** The rule that refused the best sentence of a declined answer. */
const refusedBy = (a: KbAnswer) => (a.answered ? "(answered)" : (a.checks[0]?.rule ?? "(no candidate)"));

test("who: a name of one who did the asked thing; a near miss names people, but not as its owners", () => {
  const a = answerFromPassages("who wrote the independent jpeg group software", [ijg]);
  assert.equal(a.answered, true, refusedBy(a));
  assert.match(a.text, /the work of Tom Lane/);
  const miss = answerFromPassages("who owns the copyright of the jpeg software", [ijgLicence]);
  assert.equal(miss.answered, false, miss.text);
  assert.equal(refusedBy(miss), "names-who");
});

test("how many: a number of the thing counted; a near miss speaks of the thing without a count", () => {
  const a = answerFromPassages("how many bytes does a smallint take", [numericTypes]);
  assert.match(a.text, /2 bytes/);
  const miss = answerFromPassages("how many hosts run an rfc 931 daemon", [rfc931]);
  assert.equal(miss.answered, false, miss.text);
  assert.equal(refusedBy(miss), "counts-the-asked-thing");
});

test("how long: a duration; a near miss speaks of delays without one", () => {
  const a = answerFromPassages("how long is the timeout for username lookups", [rfc931]);
  assert.match(a.text, /10-second timeout/);
  // The same sentence without its duration still holds a number: the RFC's.
  const miss = answerFromPassages("how long is the timeout for username lookups", [
    { ...rfc931, text: rfc931.text.replace("a 10-second timeout for RFC931", "a timeout for RFC 931") },
  ]);
  assert.equal(miss.answered, false, miss.text);
  assert.equal(refusedBy(miss), "measures-the-asked-quantity");
});

test("when did: a date; a near miss says it happened long ago", () => {
  assert.match(answerFromPassages("when was billion laughs first reported", [laughs]).text, /2003/);
  // The same sentence with a time but no date.
  const miss = answerFromPassages("when was billion laughs first reported", [
    { ...laughs, text: laughs.text.replace("in 2003", "years before the other attacks") },
  ]);
  assert.equal(miss.answered, false, miss.text);
  assert.equal(refusedBy(miss), "dates-the-event");
});

test("where: a place, path or address; a near miss gives none", () => {
  assert.match(
    answerFromPassages("where do the wrapper programs send their logging information", [logging]).text,
    /to the syslog daemon/,
  );
  assert.match(
    answerFromPassages("where can i get more help with valgrind", [valgrindHelp]).text,
    /Documentation|mailing list/,
  );
  const miss = answerFromPassages("where are client user name lookups slow", [rfc931]);
  assert.equal(miss.answered, false, miss.text);
});

test("yes/no: a sentence that settles it; a near miss says something else of the subject", () => {
  const a = answerFromPassages("do user name lookups work for udp services", [rfc931]);
  assert.match(a.text, /do not work for datagram \(UDP\) services/);
  assert.match(
    answerFromPassages("can i redistribute the jpeg software", [ijgLicence]).text,
    /^You are welcome to redistribute/,
  );
  // A permission asked of selling is not settled by what the distribution contains.
  const miss = answerFromPassages("can i sell the independent jpeg group software", [ijgLicence]);
  assert.equal(miss.answered, false, miss.text);
  assert.equal(refusedBy(miss), "settles-yes-no");
});

test("how do I: a way to do the asked thing; a near miss tells where it goes without saying how to change it", () => {
  assert.match(
    answerFromPassages("how do i change the installation directory of nano", [nanoInstall]).text,
    /^Use --prefix with \.\/configure/,
  );
  const miss = answerFromPassages("how do i get nano installed into /usr/bin instead", [selfCompiled]);
  assert.equal(miss.answered, false, miss.text);
  assert.equal(refusedBy(miss), "instructs-on-the-object");
});

test("a table row: the row asked about, never its neighbour", () => {
  assert.match(answerFromPassages("what is the range of an integer", [numericTypes]).text, /^integer — Range/);
  const miss = answerFromPassages("what is the range of a bigint", [numericTypes]);
  assert.equal(miss.answered, false, miss.text);
});

test("an honest decline says what the knowledge base covers and what it does not say, and offers the follow-up", () => {
  const a = answerFromPassages("how many hosts run an rfc 931 daemon", [rfc931]);
  assert.equal(a.answered, false);
  assert.equal(
    a.text,
    "I'm sorry, I don't have that information with me: what I have on " +
      "Client username lookups doesn't say how many hosts. " +
      "I can have someone from the team follow up with the answer.",
  );
  assert.match(
    answerFromPassages("how do i get nano installed into /usr/bin instead", [selfCompiled]).text,
    /what I have on Installation and Configuration doesn't say how to get nano installed into \/usr\/bin instead\./,
  );
  // Off the question altogether: the plain line.
  assert.match(
    answerFromPassages("what port does redis listen on", [rfc931]).text,
    /^I'm sorry, I don't have that information with me\. I can/,
  );
});
