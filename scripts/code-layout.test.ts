/**
 * The layout rules CONTRIBUTING.md states, read from the imports of the shipped code (every non-test file
 * under a package's src/), so a change that breaks one fails here rather than in a reader's head.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";

const ROOT = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "dist" ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

const shipped = ["apps/server/src", "apps/web/src", "packages/shared/src", "packages/voice/src"]
  .flatMap(sourceFiles)
  .filter((f) => !/\.test\.tsx?$/.test(f));

/**
 * Each import of a file: `spec` as written, `to` the repo path it names when relative, `typeOnly` for `import type`.
 */
function importsOf(file: string) {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  return [...text.matchAll(/^\s*(import|export)\s+(type\s+)?[^'";]*?\bfrom\s+["']([^"']+)["']/gm)].map((m) => {
    const spec = m[3]!;
    const to = spec.startsWith(".") ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)) : spec;
    return { spec, to, typeOnly: Boolean(m[2]) };
  });
}

function violations(rule: (file: string, imp: ReturnType<typeof importsOf>[number]) => boolean): string[] {
  return shipped.flatMap((f) =>
    importsOf(f)
      .filter((imp) => rule(f, imp))
      .map((imp) => `${f} imports ${imp.spec}`),
  );
}

test("the layout rules hold over a non-trivial amount of code (the walk found the sources)", () => {
  assert.ok(shipped.length > 300, `only ${shipped.length} shipped files found`);
});

test("shipped code imports nothing from tests/, and no src/ folder holds test support", () => {
  assert.deepEqual(
    violations((_, imp) => imp.to.startsWith("tests/")),
    [],
  );
  const testish = shipped.filter((f) =>
    /(^|[/-])(fakes?|fixtures?|test-data|test-support|testing|mocks?)([-./]|$)/i.test(f.replace(/^.*?\/src\//, "")),
  );
  assert.deepEqual(testish, []);
});

test("packages/shared imports nothing of ours; packages/voice nothing of the apps, HTTP or the database", () => {
  assert.deepEqual(
    violations((f, imp) => f.startsWith("packages/shared/") && /^(apps\/|packages\/voice|@parley\/)/.test(imp.to)),
    [],
  );
  assert.deepEqual(
    violations(
      (f, imp) =>
        f.startsWith("packages/voice/") &&
        /^(apps\/|@parley\/(server|web)|fastify|@fastify\/|pg$|@electric-sql\/)/.test(imp.to),
    ),
    [],
  );
});

// entry/wire.ts builds every repository; inside features/, another feature's data is reached through its service.
test("a server feature uses another feature's repository for its row types at most, never its code", () => {
  const feature = (p: string) => p.match(/^apps\/server\/src\/features\/([^/]+)\//)?.[1];
  assert.deepEqual(
    violations(
      (f, imp) =>
        /\.repo\.ts$/.test(imp.to) &&
        !imp.typeOnly &&
        feature(f) !== undefined &&
        feature(imp.to) !== undefined &&
        feature(f) !== feature(imp.to),
    ),
    [],
  );
});

// Code two screens need lives in components/ or lib/, so a feature can change without breaking another.
test("web features do not import each other", () => {
  const feature = (p: string) => p.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
  assert.deepEqual(
    violations((f, imp) => feature(f) !== undefined && feature(imp.to) !== undefined && feature(f) !== feature(imp.to)),
    [],
  );
});

/** Every .ts/.tsx file of ours outside packages/voice (apps, scripts, tests), test files included. */
const voiceImporters = ["apps", "scripts", "tests"].flatMap(sourceFiles);

// The voice package's exports map is its public surface: a deep import of anything else fails here, so a new
// entry point is a decision made in packages/voice/package.json rather than a path someone reached for.
test("outside packages/voice, @parley/voice is imported only through the subpaths its exports map names", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "packages/voice/package.json"), "utf8"));
  const exportsMap: Record<string, string> = pkg.exports;
  const missing = Object.entries(exportsMap).filter(
    ([key, target]) => key.includes("*") || !fs.existsSync(path.join(ROOT, "packages/voice", target)),
  );
  assert.deepEqual(missing, [], "each entry names one existing file (no wildcard)");
  const voiceImport = /\b(?:from|import)\s*\(?\s*["'](@parley\/voice(?:\/[^"']*)?)["']/g;
  const specs = voiceImporters.flatMap((f) =>
    [...fs.readFileSync(path.join(ROOT, f), "utf8").matchAll(voiceImport)].map((m) => ({ f, spec: m[1]! })),
  );
  assert.ok(specs.length > 50, `only ${specs.length} imports of @parley/voice found`);
  assert.deepEqual(
    specs
      .filter(({ spec }) => !(`.${spec.slice("@parley/voice".length)}` in exportsMap))
      .map((s) => `${s.f}: ${s.spec}`),
    [],
  );
});

test("no test file awaits at its top level after registering a test (--test-force-exit would end it there)", () => {
  const testFiles = ["apps", "packages", "scripts", "tests/e2e"]
    .flatMap(sourceFiles)
    .filter((f) => /\.test\.ts$/.test(f));
  const late = testFiles.filter((f) => {
    const text = fs.readFileSync(path.join(ROOT, f), "utf8");
    const firstTest = text.search(/^(test|describe|suite|it)\(/m);
    return firstTest >= 0 && /^(for \(const \w+ of await|(const|let) .*= await|await )/m.test(text.slice(firstTest));
  });
  assert.deepEqual(late, []);
});

// Biome wraps code at 120 columns but not strings, comments or test names; this keeps those to the same width.
// Data folders (dev sets, Debian extracts, knowledge-base documents) hold text as it was found.
const DATA = /^tests\/(speech-dev-set|kb-[^/]*-set|support\/(debian-extracts|debian-passages|kb-documents))\//;

test("no line of our TypeScript is longer than 120 characters", () => {
  const files = ["apps", "packages", "scripts", "tests"].flatMap(sourceFiles).filter((f) => !DATA.test(f));
  assert.ok(files.length > 500, `only ${files.length} files found`);
  const long = files.flatMap((f) =>
    fs
      .readFileSync(path.join(ROOT, f), "utf8")
      .split("\n")
      .flatMap((line, i) => ([...line].length > 120 ? [`${f}:${i + 1} (${[...line].length})`] : [])),
  );
  assert.deepEqual(long.slice(0, 10), [], `${long.length} lines over 120 characters`);
});
