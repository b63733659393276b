import assert from "node:assert/strict";
import { test } from "node:test";
import { OrgSettingsUpdate } from "@parley/shared/settings";
import { timeZoneOptions, toOrgForm, toOrgUpdate } from "./org-form.ts";

const saved = {
  name: "Acme",
  agent_name: "Maya",
  company_name: "",
  timezone: null,
  business_hours_start: "09:00",
  business_hours_end: "17:00",
  default_voice_id: null,
  meeting_link_kind: "none" as const,
  meeting_link_url: null,
};

test("unset timezone and voice round-trip through the form as null", () => {
  const form = toOrgForm(saved);
  assert.deepEqual([form.timezone, form.default_voice_id], ["", ""]);
  assert.deepEqual(toOrgUpdate(form), saved);
  assert.deepEqual(toOrgUpdate({ ...form, timezone: "Asia/Dubai", default_voice_id: "flite:rms" }), {
    ...saved,
    timezone: "Asia/Dubai",
    default_voice_id: "flite:rms",
  });
});

test("the form's answer passes the shared schema; equal hours do not", () => {
  assert.equal(OrgSettingsUpdate.safeParse(toOrgUpdate(toOrgForm(saved))).success, true);
  const same = OrgSettingsUpdate.safeParse({ ...toOrgUpdate(toOrgForm(saved)), business_hours_end: "09:00" });
  assert.equal(same.success, false);
});

test("a meeting link is sent with its kind; an address left under No link is dropped", () => {
  const form = { ...toOrgForm(saved), meeting_link_kind: "on_demand", meeting_link_url: " https://meet.jit.si " };
  assert.deepEqual(toOrgUpdate(form), {
    ...saved,
    meeting_link_kind: "on_demand",
    meeting_link_url: "https://meet.jit.si",
  });
  assert.equal(toOrgUpdate({ ...form, meeting_link_kind: "none" }).meeting_link_url, null);
  const http = OrgSettingsUpdate.safeParse(toOrgUpdate({ ...form, meeting_link_url: "http://meet.jit.si" }));
  assert.equal(http.success ? "" : http.error.issues[0]?.path.join("."), "meeting_link_url");
  const empty = OrgSettingsUpdate.safeParse(toOrgUpdate({ ...form, meeting_link_kind: "room", meeting_link_url: "" }));
  assert.equal(empty.success, false, "a room needs its address");
});

test("timezone choices start with the spec's two zones", () => {
  assert.deepEqual(timeZoneOptions().slice(0, 2), ["Asia/Kolkata", "Asia/Dubai"]);
});
