import { buildUser, startTestApp, type TestApp, type TestUser } from "../../tests/support/test-app.ts";
import { signBody } from "../../apps/server/src/features/whatsapp/whatsapp-signature.ts";

const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`;

async function timed(n: number, fn: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await fn(i);
    times.push(performance.now() - s);
  }
  return times;
}

async function ok(t: TestApp, method: string, path: string, opts: Parameters<TestApp["request"]>[2] = {}) {
  const res = await t.request(method, path, opts);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res;
}

/** Email: 1000 webhook deliveries (250 threads of 4), then the list and a conversation over 20k stored messages. */
async function email(t: TestApp, u: TestUser): Promise<void> {
  const hook = (await ok(t, "GET", "/api/channels/email", { token: u.token })).body.webhook_path;
  const ingest = await timed(1000, async (i) => {
    const thread = i % 250;
    const n = Math.floor(i / 250);
    await ok(t, "POST", hook, {
      body: {
        message_id: `<m${thread}-${n}@bench>`,
        from: `lead${thread}@bench.example`,
        to: "sales@bench.example",
        subject: n ? `Re: Question ${thread}` : `Question ${thread}`,
        date: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        text: "Hello ".repeat(80),
        ...(n ? { in_reply_to: `<m${thread}-${n - 1}@bench>` } : {}),
      },
    });
  });
  console.log(`email webhook ingest (JSON, 250 threads x 4): ${fmt(ingest)}`);
  // Bulk volume: 5000 more threads of 4 messages straight into the tables.
  for (let c = 0; c < 5000; c += 500) {
    const ids = await t.db.query<{ id: string }>(
      `insert into email_threads (org_id, subject, subject_key, contact_email, message_count, last_message_at)
       select $1, 'Bulk ' || g, 'bulk ' || g, 'bulk' || g || '@bench.example', 4, now() - (g || ' minutes')::interval
         from generate_series($2::int, $3::int) g returning id`,
      [u.orgId, c, c + 499],
    );
    await t.db.query(
      `insert into email_messages (org_id, thread_id, message_id, from_address, to_addresses, subject, body, sent_at)
       select $1, t.id, '<bulk-' || t.id || '-' || k || '>', 'x@bench.example', 'y@bench.example', 'Bulk',
         repeat('text ', 100), now() - (k || ' hours')::interval
       from unnest($2::uuid[]) t(id), generate_series(1, 4) k`,
      [u.orgId, ids.map((r) => r.id)],
    );
  }
  const list = await timed(
    20,
    async () => void (await ok(t, "GET", "/api/threads-above-threshold", { token: u.token })),
  );
  const threadId = (await ok(t, "GET", "/api/threads-above-threshold", { token: u.token })).body.thread_details[0]
    .thread_id;
  const conv = await timed(
    50,
    async () => void (await ok(t, "GET", `/api/thread/${threadId}/conversation`, { token: u.token })),
  );
  console.log(`GET /api/threads-above-threshold over 5250 threads / 21000 messages (500 shown): ${fmt(list)}`);
  console.log(`GET /api/thread/{id}/conversation: ${fmt(conv)}`);
}

/** WhatsApp: 500 signed webhook deliveries, then the numbers list and a chat over 2000 contacts x 25 messages. */
async function whatsapp(t: TestApp, u: TestUser): Promise<void> {
  const secret = "bench-app-secret-0123456789";
  await ok(t, "PUT", "/api/channels/whatsapp", {
    token: u.token,
    body: { phone_number_id: "777000111", app_secret: secret, verify_token: "bench-verify" },
  });
  const deliver = await timed(500, async (i) => {
    const raw = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "W",
          changes: [
            {
              field: "messages",
              value: {
                metadata: { phone_number_id: "777000111" },
                contacts: [{ wa_id: `1415555${String(i % 50).padStart(4, "0")}`, profile: { name: `Lead ${i % 50}` } }],
                messages: [
                  {
                    from: `1415555${String(i % 50).padStart(4, "0")}`,
                    id: `wamid.b${i}`,
                    timestamp: String(1767225600 + i),
                    type: "text",
                    text: { body: "Is it still available?" },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    await ok(t, "POST", "/api/webhooks/whatsapp", {
      body: raw,
      headers: { "content-type": "application/json", "x-hub-signature-256": signBody(Buffer.from(raw), secret) },
    });
  });
  console.log(`whatsapp signed webhook delivery (1 message): ${fmt(deliver)}`);
  const contacts = await t.db.query<{ id: string }>(
    `insert into whatsapp_contacts (org_id, phone, name) select $1, '+4477009' || lpad(g::text, 5, '0'), 'Bulk ' || g
      from generate_series(1, 2000) g returning id`,
    [u.orgId],
  );
  await t.db.query(
    `insert into whatsapp_messages (org_id, contact_id, provider_message_id, role, content, sent_at)
     select $1, c.id, 'bulk-' || c.id || '-' || k, case when k % 2 = 0 then 'assistant'
       else 'user' end, 'message ' || k, now() - (k || ' minutes')::interval
     from unnest($2::uuid[]) c(id), generate_series(1, 25) k`,
    [u.orgId, contacts.map((c) => c.id)],
  );
  const list = await timed(
    20,
    async () => void (await ok(t, "GET", "/api/whatsapp/contacts?include_last_message=true", { token: u.token })),
  );
  const chat = await timed(
    50,
    async () => void (await ok(t, "GET", "/api/whatsapp/messages/+447700900001", { token: u.token })),
  );
  console.log(`GET /api/whatsapp/contacts over 2050 contacts / 50500 messages: ${fmt(list)}`);
  console.log(`GET /api/whatsapp/messages/{phone} (25 messages): ${fmt(chat)}`);
}

export async function run(): Promise<void> {
  const t = await startTestApp("pglite");
  try {
    const u = await buildUser(t);
    await email(t, u);
    await whatsapp(t, u);
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
