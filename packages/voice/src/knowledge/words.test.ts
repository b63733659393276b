import { test } from "node:test";
import assert from "node:assert/strict";
import { searchText, terms } from "./words.ts";

test("a spoken question is searched by the same words as the typed one", () => {
  assert.equal(
    searchText("um whats the biggest number a smallint can hold"),
    searchText("What's the biggest number a smallint can hold?"),
  );
  assert.match(
    searchText("What's the biggest number a smallint can hold?"),
    /^what is the biggest number a smallint can hold\b/,
  );
  assert.equal(
    searchText("so how many pages can it print"),
    "so how pages can it print",
    "how many / how much say what kind of answer, not its topic",
  );
  assert.equal(searchText("it doesnt start"), "it does not start");
  assert.equal(searchText("can you tell me the price please"), "the price");
});

test("number words get their digits; two words said apart get their joined form", () => {
  assert.deepEqual(
    searchText("numeric three comma one")
      .split(" ")
      .filter((w) => /\d/.test(w)),
    ["3", "1"],
  );
  assert.match(searchText("how many bytes does a big int take"), /\bbigint\b/);
  assert.doesNotMatch(
    searchText("how many bytes does a big int take"),
    /doesa|howmany|abig/,
    "joiners are never glued on",
  );
  assert.match(searchText("is there a data base backup"), /\bdatabase\b/);
});

test("terms: folded content words, said numbers as digits, function words left out", () => {
  assert.deepEqual(terms("How many printers printed the licences?"), ["printer", "print", "licens"]);
  assert.deepEqual(terms("version three of the GPL"), ["version", "3", "gpl"]);
});
