import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { registerViaApi, signIn, loginViaApi, type E2EUser } from "../support/e2e-users.ts";
import { signBody } from "../../apps/server/src/features/whatsapp/whatsapp-signature.ts";

// Every log line on screen went in through the real webhooks of a running server: nothing is inserted directly.
const SECRET = "e2e-meta-app-secret-0001";
const NUMBER_ID = "5550001000";
const day = (d: number, h: number, m = 0) => Math.floor(Date.UTC(2026, 2, d, h, m) / 1000);

describe("Conversation Logs: email and WhatsApp panels", () => {
  let env: E2E;
  let user: E2EUser;
  let empty: E2EUser;
  let slug: string;
  let token: string;
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const raw = typeof body === "string" ? body : body === undefined ? undefined : JSON.stringify(body);
    const res = await fetch(env.baseUrl + path, {
      method,
      body: raw,
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
    });
    assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${await res.clone().text()}`);
    return res.headers.get("content-type")?.includes("json") ? res.json() : res.text();
  };
  const whatsapp = (value: Record<string, unknown>) => {
    const raw = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        { id: "WABA", changes: [{ field: "messages", value: { metadata: { phone_number_id: NUMBER_ID }, ...value } }] },
      ],
    });
    return call("POST", "/api/webhooks/whatsapp", raw, { "x-hub-signature-256": signBody(Buffer.from(raw), SECRET) });
  };
  const text = (from: string, id: string, ts: number, body: string) => ({
    from,
    id,
    timestamp: String(ts),
    type: "text",
    text: { body },
  });

  before(async () => {
    env = await startE2E();
    user = await registerViaApi(env.baseUrl);
    empty = await registerViaApi(env.baseUrl, "Quiet Co");
    ({ token, slug } = await loginViaApi(env.baseUrl, user));

    const { webhook_path: hook } = (await call("GET", "/api/channels/email")) as { webhook_path: string };
    await call("POST", hook, {
      message_id: "<q1@northwind.example>",
      from: "Priya Shah <priya@northwind.example>",
      to: "sales@brighthomes.example",
      subject: "Pricing for 20 seats",
      date: "2026-03-01T09:00:00Z",
      text: "Could you send pricing for 20 seats?",
    });
    await call(
      "POST",
      hook,
      "From: sales@brighthomes.example\r\nTo: priya@northwind.example\r\nSubject: Re: Pricing for 20 " +
        "seats\r\nDate: Mon, 02 Mar 2026 10:00:00 +0000\r\nMessage-ID: " +
        "<a1@brighthomes.example>\r\nIn-Reply-To: <q1@northwind.example>\r\n\r\nThe annual plan is $40 " +
        "per seat.\r\n",
      { "content-type": "message/rfc822" },
    );
    await call("POST", hook, {
      message_id: "<s1@other.example>",
      from: "sam@other.example",
      to: "sales@brighthomes.example",
      subject: "Callback request",
      date: "2026-02-20T09:00:00Z",
      text: "",
    });

    await call("PUT", "/api/channels/whatsapp", {
      phone_number_id: NUMBER_ID,
      app_secret: SECRET,
      verify_token: "e2e-verify-token",
    });
    await whatsapp({
      contacts: [{ wa_id: "14155550142", profile: { name: "Maya Chen" } }],
      messages: [text("14155550142", "wamid.m1", day(3, 9, 5), "Is the Elm Street house still available?")],
    });
    await whatsapp({
      message_echoes: [
        { ...text("15550001000", "wamid.m2", day(3, 15, 7), "Yes! Would Saturday 11:30 suit you?"), to: "14155550142" },
      ],
    });
    await whatsapp({ statuses: [{ id: "wamid.m2", status: "read", timestamp: String(day(3, 15, 9)) }] });
    await whatsapp({
      contacts: [{ wa_id: "447700900461", profile: { name: "Oliver Hughes" } }],
      messages: [text("447700900461", "wamid.o1", day(1, 8), "Please send the quote")],
    });
  });
  after(() => env?.close());

  const open = async (page: Page, tab: "Email" | "WhatsApp", who: E2EUser = user) => {
    await signIn(page, who);
    await page.goto(who === user ? `/org/${slug}/call-logs` : "/call-logs");
    await page.getByRole("tab", { name: tab }).click();
  };

  test("email panel at 1280 px: count, auto-selected thread, search, folding and the empty pane", async () => {
    const page = await env.newPage({ width: 1280, height: 900 });
    await open(page, "Email");
    await page.getByText("2 Conversations").waitFor();
    const list = page.getByRole("list", { name: "Email conversations" });
    assert.equal(await list.getByText("priya@northwind.example").count(), 1);
    assert.equal(await list.getByLabel("Has replies").count(), 1);
    const pane = page.getByLabel("Email messages");
    await pane.getByText("The annual plan is $40 per seat.").waitFor();
    await pane.getByText("To: priya@northwind.example").waitFor();
    const listBox = await page.getByTestId("list-pane").boundingBox();
    assert.equal(Math.round(listBox!.width), 350);
    await env.screenshot(page, "email-logs-1280");

    await page.getByRole("button", { name: "Re: Pricing for 20 seats" }).click();
    await pane.getByText("The annual plan is $40 per seat.").waitFor({ state: "hidden" });
    await page.getByLabel("Search Email").fill("SAM@");
    await page.getByText("1 of 2").waitFor();
    await list.getByText("Callback request").click();
    await pane.getByText("No body content available").waitFor();
    await page.getByLabel("Search Email").fill("nobody");
    await page.getByText("No emails match your search").waitFor();
    await page.context().close();
  });

  test("WhatsApp panel at 1280 px: bubbles, ticks, 12-hour times, cache and refresh", async () => {
    const page = await env.newPage({ width: 1280, height: 900 });
    await open(page, "WhatsApp");
    await page.getByText("2 Numbers").waitFor();
    const list = page.getByRole("list", { name: "WhatsApp numbers" });
    await list.getByText("+1 415 555 0142").waitFor();
    assert.equal(await list.getByText("Tap to chat").count(), 2);
    await list.getByText("03/03/26").waitFor();
    const msgs = page.getByLabel("Messages");
    const user = msgs.locator('[data-role="user"]').first();
    const assistant = msgs.locator('[data-role="assistant"]').first();
    await assistant.getByText("Yes! Would Saturday 11:30 suit you?").waitFor();
    assert.ok(
      (await user.boundingBox())!.x < (await assistant.boundingBox())!.x,
      "the contact on the left, the assistant on the right",
    );
    assert.match((await assistant.textContent()) ?? "", /\d{1,2}:\d{2} (AM|PM)/);
    assert.equal(await assistant.getByLabel("Read").count(), 1);
    await msgs.getByText("Tuesday, March 3, 2026").waitFor();
    await env.screenshot(page, "whatsapp-logs-1280");

    // A new message arrives; the 5-minute cache keeps the list until Refresh.
    await whatsapp({
      contacts: [{ wa_id: "919820012345", profile: { name: "Ananya Iyer" } }],
      messages: [text("919820012345", "wamid.a1", day(4, 7), "What documents do I need?")],
    });
    await page.getByRole("tab", { name: "Email" }).click();
    await page.getByRole("tab", { name: "WhatsApp" }).click();
    await page.getByText("2 Numbers").waitFor();
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByText("3 Numbers").waitFor();
    await page.getByLabel("Search or start a new chat").fill("ananya");
    await list.getByText("What documents do I need?").click();
    await msgs.getByText("What documents do I need?").waitFor();
    await page.context().close();
  });

  test("below 600 px the list and the conversation take turns, with the back buttons", async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    await open(page, "Email");
    await page.getByText("2 Conversations").waitFor();
    await env.screenshot(page, "email-logs-390-list");
    assert.equal(await page.getByText("Email Conversation Logs").count(), 0);
    await page.getByRole("list", { name: "Email conversations" }).getByText("priya@northwind.example").click();
    await page.getByText("The annual plan is $40 per seat.").waitFor();
    await env.screenshot(page, "email-logs-390-conversation");
    await page.getByRole("button", { name: "Back to emails" }).click();
    await page.getByText("2 Conversations").waitFor();

    await page.getByRole("tab", { name: "WhatsApp" }).click();
    await page.getByText(/\d Numbers/).waitFor();
    await env.screenshot(page, "whatsapp-logs-390-list");
    await page.getByRole("list", { name: "WhatsApp numbers" }).getByText("+1 415 555 0142").click();
    await page.getByText("Yes! Would Saturday 11:30 suit you?").waitFor();
    await env.screenshot(page, "whatsapp-logs-390-conversation");
    await page.getByRole("button", { name: "Back to numbers" }).click();
    await page.getByText("Search or start a new chat").or(page.getByLabel("Search or start a new chat")).waitFor();
    await page.context().close();
  });

  test("an organisation with no logs sees the empty states, never another org's data", async () => {
    const page = await env.newPage({ width: 1280, height: 900 });
    await open(page, "Email", empty);
    await page.getByText("0 Conversations").waitFor();
    await page.getByText("No email conversations yet").waitFor();
    await page.getByText("Please select an email to view its conversation").waitFor();
    await page.getByRole("tab", { name: "WhatsApp" }).click();
    await page.getByText("0 Numbers").waitFor();
    await page.getByText("No WhatsApp conversations yet").waitFor();
    await page.getByText("This conversation appears to be empty").waitFor();
    await env.screenshot(page, "whatsapp-logs-empty-1280");
    assert.equal(await page.getByText("Maya Chen").count(), 0);
    await page.context().close();
  });
});
