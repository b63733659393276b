import assert from "node:assert/strict";
import { test } from "node:test";
import { ApiRequestError } from "../../lib/api-error.ts";
import { issuesToErrors, serverErrors } from "./form-errors.ts";

test("issues become one message per field, the first one winning", () => {
  assert.deepEqual(
    issuesToErrors([
      { path: ["name"], message: "Organization name is required." },
      { path: ["name"], message: "second" },
      { path: ["business_hours_end"], message: "must differ" },
    ]),
    { name: "Organization name is required.", business_hours_end: "must differ" },
  );
});

test("a server's field issues go beside their fields, other failures to the form", () => {
  const wrong = new ApiRequestError("Your current password is not correct.", 400, "validation_failed", [
    { path: "current_password", message: "Your current password is not correct." },
  ]);
  assert.deepEqual(serverErrors(wrong, "x"), { current_password: "Your current password is not correct." });
  const forbidden = new ApiRequestError(
    "Your role (admin) cannot change the organization settings. Ask the owner.",
    403,
    "forbidden",
  );
  assert.deepEqual(serverErrors(forbidden, "x"), {
    form: "Your role (admin) cannot change the organization settings. Ask the owner.",
  });
  assert.deepEqual(serverErrors(new ApiRequestError("Network error", 0, "network"), "Failed to save."), {
    form: "Failed to save.",
  });
});
