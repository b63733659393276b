import assert from "node:assert/strict";
import { test } from "node:test";
import { ApiRequestError, failureMessage } from "./api-error.ts";

test("a screen shows the server's own message, and its default for a bare status or a network failure", () => {
  assert.equal(
    failureMessage(new ApiRequestError("Campaign not found", 404, "not_found"), "Failed to load."),
    "Campaign not found",
  );
  assert.equal(
    failureMessage(new ApiRequestError("Request failed with status 503", 503, "http_error"), "Failed to load."),
    "Failed to load.",
  );
  assert.equal(failureMessage(new ApiRequestError("fetch failed", 0, "network"), "Failed to load."), "Failed to load.");
  assert.equal(failureMessage(new Error("boom"), "Failed to load."), "Failed to load.");
});
