import { test } from "node:test";
import assert from "node:assert/strict";
import { parseQuestion } from "./question.ts";
import type { RuleInput } from "./rules.ts";
import { ASKED_TERMS_RULES, spokenOption } from "./asked-terms-rules.ts";

// Sentences of Radicale's documentation (radicale, DOCUMENTATION.txt.gz), in no knowledge set.
const refusal = (question: string, spoken: string): string | null => {
  const x = { q: parseQuestion(question), spoken } as RuleInput;
  for (const rule of ASKED_TERMS_RULES) if (rule.refuses(x)) return rule.id;
  return null;
};

test("an option said aloud is the option as documents write it", () => {
  assert.equal(spokenOption("what does the dash p option of time do"), "-p");
  assert.equal(spokenOption("what is the dash dash user option for"), "--user");
  assert.equal(spokenOption("how do i dash off a quick note"), "-off");
  assert.equal(spokenOption("what does radicale do"), null);
});

test("an answer about an option said aloud names that option", () => {
  const q = "what does the dash dash user option of pip do here";
  assert.equal(refusal(q, "# add the --user argument to only install for the current user"), null);
  assert.equal(refusal(q, "python3 -m pip install --upgrade radicale"), "names-the-option");
});

test("a default is not the value under a condition the caller did not give", () => {
  const q = "does radicale check passwords by default";
  assert.equal(
    refusal(q, "If the server is reachable over a network, you should change this."),
    "answers-unconditionally",
  );
  assert.equal(refusal(q, "In its default configuration Radicale doesn't check usernames or passwords."), null);
  // A condition of nothing set is the default case itself (put together from its words).
  assert.equal(refusal(q, "If you do not create a users file, no password is asked."), null);
  // Only questions about a default.
  assert.equal(
    refusal("is radicale safe on a network", "If the server is reachable over a network, you should change this."),
    null,
  );
});
