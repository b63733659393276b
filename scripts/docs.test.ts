/**
 * The README is the front door: short, the two commands a newcomer runs, and links into docs/ that lead
 * somewhere. The docs pages' links to each other and to the code are held to the same.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";

const ROOT = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const pages = ["README.md", ...fs.readdirSync(path.join(ROOT, "docs")).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith(".md"),
);

/** The targets of a page's relative markdown links (`[text](target)`), anchors dropped, as repo paths. */
function relativeLinks(file: string, text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s#]*)[^)\s]*\)/g)]
    .map(([, target = ""]) => target)
    .filter((target) => target && !/^[a-z]+:/i.test(target))
    .map((target) => path.posix.normalize(path.posix.join(path.posix.dirname(file), target)));
}

test("README.md is a front door of at most 250 lines", () => {
  const lines = read("README.md").split("\n").length - 1;
  assert.ok(lines <= 250, `README.md is ${lines} lines: move the detail to a page of docs/ and link it`);
});

test("README.md shows the two commands: start the product, run the tests", () => {
  const readme = read("README.md");
  assert.match(readme, /npm ci && npm start/);
  assert.match(readme, /npm ci && npm test/);
});

test("every relative link of README.md and docs/ leads to a file that exists", () => {
  const broken = pages.flatMap((file) =>
    relativeLinks(file, read(file))
      .filter((target) => !fs.existsSync(path.join(ROOT, target)))
      .map((target) => `${file} → ${target}`),
  );
  assert.deepEqual(broken, []);
});

test("README.md links to every page of docs/", () => {
  const linked = new Set(relativeLinks("README.md", read("README.md")));
  assert.deepEqual(
    pages.filter((p) => p.startsWith("docs/") && !linked.has(p)),
    [],
  );
});

test("relativeLinks reads targets relative to the page and leaves web addresses alone", () => {
  const text = "[a](docs/api.md#auth) [b](../CONTRIBUTING.md) [c](https://example.com/x.md) [d](#top)";
  assert.deepEqual(relativeLinks("docs/x.md", text), ["docs/docs/api.md", "CONTRIBUTING.md"]);
  assert.deepEqual(relativeLinks("README.md", "[a](docs/api.md#auth)"), ["docs/api.md"]);
});
