import { test } from "node:test";
import assert from "node:assert/strict";
import { parseQuestion } from "./question.ts";
import type { RuleInput } from "./rules.ts";
import { VALUE_RULES } from "./value-rules.ts";

// Sentences of documents in no knowledge set, Radicale's documentation (radicale, DOCUMENTATION.txt.gz) and
// GnuPG's changelog (dirmngr, changelog.gz): as written, or (marked) put together from their words.
const refusal = (question: string, spoken: string): string | null => {
  const x = { q: parseQuestion(question), spoken } as RuleInput;
  for (const rule of VALUE_RULES) if (rule.refuses(x)) return rule.id;
  return null;
};

test("a port, an address or a version is written, not only spoken of", () => {
  const q = "what port does radicale listen on";
  assert.equal(refusal(q, "The default configuration binds the server to localhost."), "gives-the-value");
  assert.equal(refusal(q, "When the server is launched, open http://localhost:5232 in your browser!"), null);
  assert.equal(
    refusal("what address does radicale use by default", "It can't be reached from other computers."),
    "gives-the-value",
  );
});

test("things said to exist, in vague words, are not the things asked for", () => {
  const q = "which digest algorithms does gnupg support for ssh fingerprints";
  assert.equal(refusal(q, "common: Support different digest algorithms for ssh fingerprints."), "gives-the-value");
  // Named as a constant: an answer (put together from the changelog's "the SHA256 fingerprints of the test keys").
  assert.equal(refusal(q, "It supports the SHA256 fingerprints of the test keys."), null);
  const methods = "what encryption methods can the htpasswd file use";
  // The documentation's list of "Available methods:" as a passage reads it.
  assert.equal(refusal(methods, "Available methods: plain, bcrypt and md5."), null);
  // Not vague: the rule is not about every sentence that names the kind of thing.
  assert.equal(refusal(methods, "The encryption method that is used in the htpasswd file."), null);
});

test("a question counting things wants them listed", () => {
  const q = "what are the three encryption methods of radicale";
  // Put together in the form of a sentence of dnsmasq's FAQ ("can operate in one of three different modes").
  assert.equal(refusal(q, "Radicale can check passwords in one of three different encryption methods."), "lists-them");
  assert.equal(refusal(q, "Available methods: plain, bcrypt and md5."), null);
  // Questions that count nothing are not asked for a list.
  assert.equal(refusal("what are the encryption methods of radicale", "Passwords are stored in plaintext."), null);
});
