import { test } from "node:test";
import assert from "node:assert/strict";
import { extractDocument } from "./extract-document.ts";

// git-doc 2.39's howto/setup-git-server-over-http.txt, its title and first steps.
test("a text file's title stays on its passages' heading paths: it says what every passage is about", async () => {
  const text = [
    "How to setup Git server over http",
    "=================================",
    "",
    "NOTE: This document is from 2006.",
    "",
    "Step 2: enable DAV on this repository",
    "-------------------------------------",
    "",
    "First make sure the dav_module is loaded.",
  ].join("\n");
  const { sections } = await extractDocument("txt", new TextEncoder().encode(text));
  assert.deepEqual(
    sections.map((s) => s.heading),
    ["How to setup Git server over http", "How to setup Git server over http › Step 2: enable DAV on this repository"],
  );
});
