import { test } from "node:test";
import assert from "node:assert/strict";
import { emailFromJson, emailFromMime } from "./inbound-email.ts";

const now = new Date("2030-01-01T00:00:00Z");

test("emailFromMime reads headers, references and the plain-text body", async () => {
  const raw = [
    "From: Priya Shah <priya@northwind.example>",
    "To: sales@parley.example, Ops <ops@parley.example>",
    "Subject: Re: Pricing for 20 seats",
    "Date: Tue, 03 Mar 2026 10:15:00 +0000",
    "Message-ID: <reply-1@northwind.example>",
    "In-Reply-To: <offer-1@parley.example>",
    "References: <intro-1@parley.example> <offer-1@parley.example>",
    "MIME-Version: 1.0",
    'Content-Type: text/plain; charset="utf-8"',
    "Content-Transfer-Encoding: quoted-printable",
    "",
    "Thanks =E2=80=94 the annual plan works for us.",
    "",
  ].join("\r\n");
  const e = await emailFromMime(Buffer.from(raw), now);
  assert.equal(e.messageId, "<reply-1@northwind.example>");
  assert.equal(e.from, "priya@northwind.example");
  assert.equal(e.to, "sales@parley.example, ops@parley.example");
  assert.equal(e.subject, "Re: Pricing for 20 seats");
  assert.equal(e.sentAt.toISOString(), "2026-03-03T10:15:00.000Z");
  assert.equal(e.body, "Thanks — the annual plan works for us.");
  assert.deepEqual(e.references, ["<offer-1@parley.example>", "<intro-1@parley.example>"]);
});

test("emailFromMime turns an HTML-only body into text and keys a message without Message-ID by its bytes", async () => {
  const raw =
    "From: a@b.example\r\nTo: c@d.example\r\nSubject: " +
    "Hi\r\nContent-Type: text/html\r\n\r\n<p>Hello <b>there</b></p>\r\n";
  const e = await emailFromMime(Buffer.from(raw), now);
  assert.match(e.body, /Hello there/i);
  assert.match(e.messageId, /^<sha256-[0-9a-f]{64}@parley\.invalid>$/);
  assert.equal((await emailFromMime(Buffer.from(raw), now)).messageId, e.messageId);
  assert.equal(e.sentAt.getTime(), now.getTime());
});

test("emailFromMime refuses a message without a From address", async () => {
  await assert.rejects(emailFromMime(Buffer.from("Subject: x\r\n\r\nbody"), now), /no From address/);
});

test("emailFromJson validates and normalises the documented JSON form", () => {
  const e = emailFromJson(
    {
      message_id: "m1@x",
      from: "Sam <SAM@acme.io>",
      to: ["a@b.c", "d@e.f"],
      subject: "Hello",
      text: "Hi",
      references: "<m0@x>",
    },
    now,
  );
  assert.equal(e.messageId, "<m1@x>");
  assert.equal(e.from, "sam@acme.io");
  assert.equal(e.to, "a@b.c, d@e.f");
  assert.deepEqual(e.references, ["<m0@x>"]);
  assert.throws(() => emailFromJson({ from: "a@b.c", to: "x@y.z" }, now), /message_id/);
  assert.throws(() => emailFromJson({ message_id: "m", from: "nobody", to: "x@y.z" }, now), /email address/);
});
