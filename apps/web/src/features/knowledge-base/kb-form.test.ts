import { test } from "node:test";
import assert from "node:assert/strict";
import { checkKbFiles } from "@parley/shared/knowledge-base";
import { addUrl, combinedProblem, documentsProblem, urlsProblem } from "./kb-form.ts";

test("URLs: trimmed, empty ones ignored, at most five, default names by position", () => {
  let list = addUrl([], "  https://a.example/faq  ", "");
  list = addUrl(list, "   ", "ignored");
  list = addUrl(list, "https://b.example", " Pricing ");
  assert.deepEqual(list, [
    { url: "https://a.example/faq", name: "Document 1" },
    { url: "https://b.example", name: "Pricing" },
  ]);
  for (let i = 0; i < 5; i++) list = addUrl(list, `https://c${i}.example`, "");
  assert.equal(list.length, 5);
  assert.equal(list[4]!.name, "Document 5");
});

test("the spec's messages in its order", () => {
  assert.equal(documentsProblem("", 0), "Please select a communication channel before uploading documents.");
  assert.equal(documentsProblem("voice", 0), "Please add at least one file to upload.");
  assert.equal(documentsProblem("voice", 1), null);
  assert.equal(
    urlsProblem("", 1),
    "Please select a communication channel before uploading URLs. This helps categorize your knowledge base content.",
  );
  assert.equal(urlsProblem("voice", 0), "Please add at least one URL to upload.");
  assert.equal(combinedProblem("", 0, 0), "Please select a communication channel before uploading.");
  assert.equal(
    combinedProblem("voice", 1, 1),
    "Combined upload is only available for Email and WhatsApp channels. " +
      "For Voice, please upload files and URLs separately.",
  );
  assert.equal(combinedProblem("email", 0, 0), "Please add at least one file or URL to upload.");
});

test("file checks: count against what is already chosen, then type, then size", () => {
  const f = (name: string, size = 10) => ({ name, size });
  assert.equal(checkKbFiles([f("a.txt"), f("b.txt")], 4), "Maximum 5 files allowed. You can upload 1 more file(s).");
  assert.equal(
    checkKbFiles([f("a.png"), f("b.PDF"), f("c.exe")]),
    "Invalid file type(s): a.png, c.exe. Please upload only TXT, PDF, DOC, or DOCX files.",
  );
  assert.equal(
    checkKbFiles([f("a.pdf", 20 * 1024 * 1024 + 1), f("b.doc", 20 * 1024 * 1024)]),
    "File(s) too large: a.pdf. Maximum file size is 20MB.",
  );
  assert.equal(checkKbFiles([f("a.docx")], 4), null);
});
