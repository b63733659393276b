/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import type { InvitationEmail } from "@parley/shared/team";
import { emailLine, linkDialogNote } from "./invitation-email.ts";

const mail = (over: Partial<InvitationEmail>): InvitationEmail => ({
  status: "pending",
  sent_at: null,
  next_attempt_at: null,
  last_error: null,
  ...over,
});

test("a pending invitation's line says if its email went out, is waiting (with the server's error) or gave up", () => {
  assert.equal(emailLine(mail({ status: "not_configured" }), "UTC"), null);
  assert.equal(emailLine(mail({}), "UTC")!.text, "Email on its way.");
  assert.equal(
    emailLine(mail({ status: "sent", sent_at: "2030-01-08T15:04:00Z" }), "America/Chicago")!.text,
    "Emailed Jan 8, 2030, 9:04 AM.",
  );
  const waiting = emailLine(
    mail({ last_error: "connect ECONNREFUSED 127.0.0.1:2525", next_attempt_at: "2030-01-08T15:09:00Z" }),
    "UTC",
  )!;
  assert.equal(waiting.color, "warning.main");
  assert.match(
    waiting.text,
    /^Email not sent yet: connect ECONNREFUSED 127\.0\.0\.1:2525\. Next try Jan 8, 2030, 3:09 PM\.$/,
  );
  const failed = emailLine(mail({ status: "failed", last_error: "550 mailbox unavailable" }), "UTC")!;
  assert.equal(failed.color, "error.main");
  assert.match(failed.text, /550 mailbox unavailable\. Copy a new link and send it yourself\./);
  assert.match(emailLine(mail({ status: "not_sent" }), "UTC")!.text, /^Not emailed/);
});

test("the link dialog says the link is emailed, or why it is only shown to copy", () => {
  assert.match(
    linkDialogNote(mail({}), "lin@example.com"),
    /^Parley is emailing this link to lin@example\.com\. You can also copy it/,
  );
  assert.match(
    linkDialogNote(mail({ status: "not_configured" }), "lin@example.com"),
    /No mail server is set up.*Copy the link and send it to them\. It works once, for 7 days/,
  );
  assert.match(linkDialogNote(mail({ status: "not_sent" }), "lin@example.com"), /PUBLIC_URL/);
});
