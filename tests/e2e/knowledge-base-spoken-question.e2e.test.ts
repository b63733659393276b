import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { encodeWav } from "../../packages/voice/src/audio/wav.ts";
import { createFliteTts } from "../../packages/voice/src/providers/tts/flite.ts";
import { startE2E, type E2E } from "../support/e2e.ts";
import { signIn } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";
import { newKbUser, readyDocuments, type KbSession } from "../support/kb-e2e.ts";

/**
 * A question said into the "Test your knowledge base" box with Chromium's fake microphone, which plays a
 * WAV synthesised here (flite slt): half a second of silence, the question, two seconds of silence. The
 * server hears it with the default offline speech recognition (pocketsphinx), as a call would.
 */
const QUESTION = "How long is the warranty on the battery?";

async function fakeMicWav(dir: string): Promise<{ file: string; seconds: number }> {
  const chunks: Int16Array[] = [new Int16Array(8000)];
  for await (const c of createFliteTts().synthesize(QUESTION, { voiceId: "flite:slt", sampleRate: 16_000 }))
    chunks.push(c);
  chunks.push(new Int16Array(16_000 * 2));
  const all = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  chunks.reduce((at, c) => (all.set(c, at), at + c.length), 0);
  const file = path.join(dir, "question.wav");
  fs.writeFileSync(file, encodeWav(all, 16_000));
  return { file, seconds: Math.ceil(all.length / 16_000) };
}

describe("Test your knowledge base: a spoken question", () => {
  let env: E2E;
  let s: KbSession;
  let dir: string;
  let seconds: number;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-kb-mic-"));
    const wav = await fakeMicWav(dir);
    seconds = wav.seconds;
    // No --use-fake-ui-for-media-stream: each test grants (or does not grant) the microphone itself.
    env = await startE2E({
      browserArgs: ["--use-fake-device-for-media-stream", `--use-file-for-fake-audio-capture=${wav.file}%noloop`],
    });
    s = await newKbUser(env);
    await readyDocuments(env, s, [
      ["helios-battery.pdf", fs.readFileSync(new URL("../support/kb-documents/helios-battery.pdf", import.meta.url))],
    ]);
  });
  after(async () => {
    await env.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Says the question into the box (the fake microphone) and checks it is written in and answered; with `phone`, the
   * recording and the answer are looked at on a 390 px screen too (the steps are the same at both widths).
   */
  async function sayAndCheck(page: Page, shot: string, phone?: string): Promise<string> {
    const box = page.getByRole("group", { name: "Test your knowledge base" });
    const height = page.viewportSize()!.height;
    // The button's tooltip would cover what the picture is for.
    const unhover = async () => {
      await page.mouse.move(0, height - 1);
      await page.getByRole("tooltip").waitFor({ state: "detached" });
    };
    await box.getByRole("button", { name: "Say the question" }).click();
    const stop = box.getByRole("button", { name: "Stop recording" });
    await stop.waitFor();
    assert.equal(await stop.getAttribute("aria-pressed"), "true");
    // The counter counts captured audio: once it passes the WAV's length the whole question was heard.
    await box
      .getByRole("status")
      .getByText(`Recording 0:${String(seconds).padStart(2, "0")}`)
      .waitFor({ timeout: 20_000 });
    await unhover();
    await env.screenshot(page, `${shot}-recording`);
    if (phone) await atPhoneWidth(env, page, `${phone}-recording`, () => stop.scrollIntoViewIfNeeded());
    const asked = page.waitForResponse((r) => r.url().endsWith("/api/voice/KB/ask"), { timeout: 60_000 });
    await stop.click();
    await box.getByRole("status").getByText("Working out what you said…").waitFor();
    const question = (await (await asked).request().postDataJSON()).question as string;
    assert.match(question, /warranty/, question);
    assert.equal(await box.getByRole("textbox", { name: "Question" }).inputValue(), question);
    await box.getByTestId("kb-test-answer").waitFor();
    assert.equal(await box.getByText(/^(Answered|Not in the knowledge base)$/).innerText(), "Answered");
    assert.match(await box.getByTestId("kb-test-answer").innerText(), /warranty lasts twelve years/);
    await box.getByRole("button", { name: "Say the question" }).waitFor();
    await box.scrollIntoViewIfNeeded();
    await unhover();
    await env.screenshot(page, `${shot}-answered`);
    if (phone)
      await atPhoneWidth(env, page, `${phone}-answered`, async () => {
        await box.getByTestId("kb-test-answer").scrollIntoViewIfNeeded();
        assert.ok(await box.getByTestId("kb-test-answer").isVisible(), "the answer shows on a phone");
      });
    return question;
  }

  test("knowledge base screen at 1440 px (and 390 px): say the question, see it written and answered", {
    timeout: 90_000,
  }, async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await page.context().grantPermissions(["microphone"], { origin: env.baseUrl });
    await signIn(page, s.user);
    await page.goto(`/org/${s.slug}/knowledge-base`);
    await page.getByText("helios-battery").first().waitFor();
    const box = page.getByRole("group", { name: "Test your knowledge base" });
    await box.scrollIntoViewIfNeeded();
    await env.screenshot(page, "kb-test-box-mic-1440");
    await atPhoneWidth(env, page, "kb-test-box-mic", async () => {
      await box.scrollIntoViewIfNeeded();
      assert.ok(await box.getByRole("button", { name: "Say the question" }).isVisible(), "the microphone button shows");
    });
    console.log(`heard "${await sayAndCheck(page, "kb-test-box-spoken-1440", "kb-test-box-spoken")}"`);
    await page.context().close();
  });

  test("campaign setup at 1440 px: a spoken question is answered from the items chosen", {
    timeout: 90_000,
  }, async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await page.context().grantPermissions(["microphone"], { origin: env.baseUrl });
    await signIn(page, s.user);
    await page.goto(`/org/${s.slug}/campaign-setup`);
    const box = page.getByRole("group", { name: "Test your knowledge base" });
    assert.equal(await box.getByRole("button", { name: "Say the question" }).isDisabled(), true, "nothing chosen yet");
    await page.getByRole("combobox", { name: "Knowledge base" }).click();
    await page.getByRole("option", { name: /helios-battery/ }).click();
    await page.keyboard.press("Escape");
    await box.scrollIntoViewIfNeeded();
    await sayAndCheck(page, "campaign-kb-test-box-spoken-1440");
    await page.context().close();
  });

  test("microphone refused: the box says so and typing still works", async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    await signIn(page, s.user);
    await page.goto(`/org/${s.slug}/knowledge-base`);
    const box = page.getByRole("group", { name: "Test your knowledge base" });
    await box.getByRole("button", { name: "Say the question" }).click();
    await box
      .getByRole("alert")
      .getByText("Microphone access is blocked. Allow the microphone for this site in your browser, then try again.")
      .waitFor();
    await box.scrollIntoViewIfNeeded();
    await env.screenshot(page, "kb-test-box-mic-refused-390");
    assert.equal(await box.getByRole("button", { name: "Ask" }).isDisabled(), true);
    await box.getByRole("textbox", { name: "Question" }).fill("How long is the battery warranty?");
    assert.equal(await box.getByRole("button", { name: "Ask" }).isEnabled(), true);
    await page.context().close();
  });
});
