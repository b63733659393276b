/// <reference types="node" />
import assert from "node:assert/strict";
import { test } from "node:test";
import { describeRegisterErrors, emptyRegisterValues, validateRegistration } from "./register-fields.ts";

const valid = () => ({
  ...emptyRegisterValues(),
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  username: "ada",
  phone: "+14155550100",
  password: "long enough",
  confirm_password: "long enough",
  organization_name: "Acme",
  organization_contact_email: "ops@acme.com",
  organization_contact_phone: "+14155550101",
  organization_address: "1 Main St",
});

test("a complete form passes; the website is optional", () => {
  assert.deepEqual(validateRegistration(valid()), { ok: true });
});

test("mismatched passwords say so on the confirm field", () => {
  const r = validateRegistration({ ...valid(), confirm_password: "different" });
  assert.equal(r.ok, false);
  assert.equal(!r.ok && r.errors.confirm_password, "Passwords do not match.");
});

test("every required field is reported", () => {
  const r = validateRegistration(emptyRegisterValues());
  assert.equal(r.ok, false);
  if (!r.ok)
    for (const f of [
      "first_name",
      "last_name",
      "email",
      "username",
      "phone",
      "password",
      "organization_name",
      "organization_contact_email",
      "organization_contact_phone",
      "organization_address",
      "confirm_password",
    ]) {
      assert.ok(r.errors[f as keyof typeof r.errors], f);
    }
});

test("the summary names every field that stops the form, in form order", () => {
  const r = validateRegistration({ ...valid(), phone: "", organization_website: "acme.com" });
  assert.equal(r.ok, false);
  if (!r.ok) assert.equal(describeRegisterErrors(r.errors), "2 fields need attention: Phone, Organization Website.");
  assert.equal(describeRegisterErrors({}), "");
});
