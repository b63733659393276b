import { test } from "node:test";
import assert from "node:assert/strict";
import { batchesFromWebhook, contentOf, MetaWebhook } from "./whatsapp-payload.ts";
import { signBody, verifySignature } from "./whatsapp-signature.ts";

const delivery = {
  object: "whatsapp_business_account",
  entry: [
    {
      id: "WABA",
      changes: [
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "15550001111", phone_number_id: "1000001" },
            contacts: [{ profile: { name: "Kerry Fisher" }, wa_id: "16315551181" }],
            messages: [
              {
                from: "16315551181",
                id: "wamid.1",
                timestamp: "1767225600",
                type: "text",
                text: { body: "Is the demo still on?" },
              },
              {
                from: "16315551181",
                id: "wamid.2",
                timestamp: "1767225660",
                type: "image",
                image: { caption: "floor plan", id: "media1" },
              },
            ],
            statuses: [
              { id: "wamid.out", status: "read", timestamp: "1767225700", recipient_id: "16315551181" },
              { id: "x", status: "weird", timestamp: "1" },
            ],
          },
        },
        {
          field: "smb_message_echoes",
          value: {
            metadata: { phone_number_id: "1000001" },
            message_echoes: [
              {
                from: "15550001111",
                to: "16315551181",
                id: "wamid.3",
                timestamp: "1767225720",
                type: "text",
                text: { body: "Yes, 3 pm." },
              },
            ],
          },
        },
        { field: "account_update", value: { event: "VERIFIED" } },
      ],
    },
  ],
};

test("batchesFromWebhook maps Meta's messages, echoes, contacts and statuses per business number", () => {
  const [batch, ...rest] = batchesFromWebhook(MetaWebhook.parse(delivery));
  assert.equal(rest.length, 0);
  assert.equal(batch!.phoneNumberId, "1000001");
  assert.equal(batch!.names.get("+16315551181"), "Kerry Fisher");
  assert.deepEqual(
    batch!.messages.map((m) => [m.providerId, m.phone, m.role, m.content, m.sentAt.toISOString()]),
    [
      ["wamid.1", "+16315551181", "user", "Is the demo still on?", "2026-01-01T00:00:00.000Z"],
      ["wamid.2", "+16315551181", "user", "[image] floor plan", "2026-01-01T00:01:00.000Z"],
      ["wamid.3", "+16315551181", "assistant", "Yes, 3 pm.", "2026-01-01T00:02:00.000Z"],
    ],
  );
  assert.deepEqual(
    batch!.statuses.map((s) => [s.providerId, s.status]),
    [["wamid.out", "read"]],
  );
});

test("contentOf names every message type readably", () => {
  assert.equal(contentOf({ type: "document", document: { filename: "quote.pdf" } }), "[document] quote.pdf");
  assert.equal(
    contentOf({ type: "interactive", interactive: { button_reply: { title: "Book a call" } } }),
    "Book a call",
  );
  assert.equal(
    contentOf({ type: "location", location: { name: "HQ", address: "1 Main St" } }),
    "[location] HQ, 1 Main St",
  );
  assert.equal(contentOf({ type: "reaction", reaction: { emoji: "👍" } }), "[reaction] 👍");
  assert.equal(contentOf({ type: "order" }), "[order]");
});

test("verifySignature accepts only the HMAC of the exact bytes with the right secret", () => {
  const raw = Buffer.from(JSON.stringify(delivery));
  const sig = signBody(raw, "s3cret-app-secret-123");
  assert.ok(verifySignature(raw, sig, "s3cret-app-secret-123"));
  assert.ok(!verifySignature(raw, sig, "another-app-secret-456"));
  assert.ok(!verifySignature(Buffer.concat([raw, Buffer.from(" ")]), sig, "s3cret-app-secret-123"));
  assert.ok(!verifySignature(raw, undefined, "s3cret-app-secret-123"));
  assert.ok(!verifySignature(raw, "sha256=00", "s3cret-app-secret-123"));
});
