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
  assert.equal(invitationView({}), null);
  assert.equal(
    invitationView(inv({ status: "not_configured" }))!.detail,
    "Invitations are not sent: no mail server is configured.",
  );
  assert.deepEqual([invitationView(inv({}))!.label, invitationView(inv({}))!.color], ["Invitation sent", "success"]);
  assert.equal(invitationView(inv({ sequence: 2 }))!.label, "Update sent");
  assert.equal(invitationView(inv({ method: "CANCEL", sequence: 3 }))!.label, "Cancellation sent");
  const waiting = invitationView(
    inv({ status: "pending", attempts: 1, last_error: "connect ECONNREFUSED 127.0.0.1:2525" }),
  )!;
  assert.equal(waiting.color, "warning");
  assert.match(waiting.detail, /not sent yet: connect ECONNREFUSED/);
  assert.match(
    invitationView(inv({ status: "failed", attempts: 8, last_error: "550 rejected" }))!.detail,
    /after 8 tries: 550 rejected/,
  );
});
