/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { isCsvFile, isAllowedAttachment, formatMb, formatFileSize } from "./file-checks.ts";

test("CSV choice: text/csv, or a .csv name with a vague type", () => {
  assert.equal(isCsvFile({ name: "a.csv", type: "text/csv" }), true);
  assert.equal(isCsvFile({ name: "contacts", type: "text/csv" }), true);
  assert.equal(isCsvFile({ name: "a.CSV", type: "" }), true);
  assert.equal(isCsvFile({ name: "a.csv", type: "application/vnd.ms-excel" }), true);
  assert.equal(isCsvFile({ name: "a.txt", type: "text/plain" }), false);
  assert.equal(isCsvFile({ name: "a.pdf", type: "application/pdf" }), false);
  assert.equal(isCsvFile({ name: "a.csv", type: "image/png" }), false);
});

test("email attachments: the spec's twelve extensions", () => {
  assert.equal(isAllowedAttachment("brochure.PDF"), true);
  assert.equal(isAllowedAttachment("slides.pptx"), true);
  assert.equal(isAllowedAttachment("run.exe"), false);
  assert.equal(isAllowedAttachment("pdf"), false);
});

test("sizes", () => {
  assert.equal(formatMb(1024 * 1024 * 1.5), "1.50 MB");
  assert.equal(formatMb(1000), "0.00 MB");
  assert.equal(formatFileSize(500), "500 B");
  assert.equal(formatFileSize(2048), "2.0 KB");
  assert.equal(formatFileSize(3 * 1024 * 1024), "3.00 MB");
  assert.equal(formatFileSize(undefined), "");
});
