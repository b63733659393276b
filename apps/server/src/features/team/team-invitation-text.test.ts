import assert from "node:assert/strict";
import { test } from "node:test";
import { teamInvitationText } from "./team-invitation-text.ts";

const facts = {
  orgName: "Harbor Dental",
  inviter: "Ada Lovelace",
  role: "admin" as const,
  link: "https://parley.example/invite/abc",
  expiresAt: new Date("2030-01-08T15:04:00Z"),
};

test("the invitation email names who invited, the organisation, the role, the link and its expiry in UTC", () => {
  const { subject, text } = teamInvitationText(facts);
  assert.equal(subject, "Ada Lovelace invited you to join Harbor Dental on Parley");
  assert.match(text, /^Ada Lovelace invited you to join Harbor Dental on Parley as Admin\.\n/);
  assert.ok(
    text.includes("\nhttps://parley.example/invite/abc\n"),
    "the link on a line of its own, so mail apps make it clickable",
  );
  assert.match(text, /The link works once, until Tue 8 Jan 2030, 15:04 UTC\./);
});

test("an inviter whose account is gone is left out", () => {
  const { subject, text } = teamInvitationText({ ...facts, inviter: null, role: "member" });
  assert.equal(subject, "You are invited to join Harbor Dental on Parley");
  assert.match(text, /^You are invited to join Harbor Dental on Parley as Member\./);
});
