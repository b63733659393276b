import assert from "node:assert/strict";
import { test } from "node:test";
import { countryHint, countryOptions } from "./country-names.ts";

test("every phone region is offered once, by its name, in name order", () => {
  const options = countryOptions("en");
  assert.equal(new Set(options.map((o) => o.code)).size, options.length);
  assert.deepEqual(
    options.find((o) => o.code === "DE"),
    { code: "DE", name: "Germany" },
  );
  const names = options.map((o) => o.name);
  assert.deepEqual(
    names,
    [...names].sort((a, b) => a.localeCompare(b, "en")),
  );
});

test("the hint names the country a national number is read in, or asks for one", () => {
  const options = countryOptions("en");
  assert.equal(countryHint("DE", options), "Numbers without + are read as Germany numbers.");
  assert.equal(countryHint("", options), "Choose a country for numbers written without +country code.");
});
