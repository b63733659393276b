/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import type { MeetingInvitation } from "@parley/shared/invitations";
import { invitationView } from "./invitation-display.ts";

const inv = (over: Partial<MeetingInvitation>): { invitation: MeetingInvitation } => ({
  invitation: {
    status: "sent",
    method: "REQUEST",
    sequence: 0,
    recipients: ["ana@acme.example"],
    attempts: 1,
    sent_at: null,
    next_attempt_at: null,
    last_error: null,
    ...over,
  },
});

test("the invitation line says whether it went out, what went out and why not", () => {
  assert.equal(invitationView({}, "UTC"), null);
  assert.equal(
    invitationView(inv({ status: "not_configured" }), "UTC")!.detail,
    "Invitations are not sent: no mail server is configured.",
  );
  assert.deepEqual(
    [invitationView(inv({}), "UTC")!.label, invitationView(inv({}), "UTC")!.color],
    ["Invitation sent", "success"],
  );
  assert.equal(invitationView(inv({ sequence: 2 }), "UTC")!.label, "Update sent");
  assert.equal(invitationView(inv({ method: "CANCEL", sequence: 3 }), "UTC")!.label, "Cancellation sent");
  const waiting = invitationView(
    inv({ status: "pending", attempts: 1, last_error: "connect ECONNREFUSED 127.0.0.1:2525" }),
    "UTC",
  )!;
  assert.equal(waiting.color, "warning");
  assert.match(waiting.detail, /not sent yet: connect ECONNREFUSED/);
  assert.match(
    invitationView(inv({ status: "failed", attempts: 8, last_error: "550 rejected" }), "UTC")!.detail,
    /after 8 tries: 550 rejected/,
  );
});

test("when an invitation went out and its next try are on the viewer's clock", () => {
  const sent = inv({ sent_at: "2026-12-01T02:22:00Z" });
  assert.equal(
    invitationView(sent, "Europe/Berlin")!.detail,
    "Invitation emailed to ana@acme.example on Dec 1, 2026, 3:22 AM.",
  );
  assert.equal(
    invitationView(sent, "America/New_York")!.detail,
    "Invitation emailed to ana@acme.example on Nov 30, 2026, 9:22 PM.",
  );
  const retry = inv({ status: "pending", attempts: 2, next_attempt_at: "2026-12-01T02:22:00Z" });
  assert.match(invitationView(retry, "Australia/Sydney")!.detail, /Next try Dec 1, 2026, 1:22 PM\.$/);
});
