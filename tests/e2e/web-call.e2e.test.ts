import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { encodeWav } from "../../packages/voice/src/audio/wav.ts";
import { createFliteTts } from "../../packages/voice/src/providers/tts/flite.ts";
import { startE2E, type E2E } from "../support/e2e.ts";
import { registerViaApi, signIn, type E2EUser } from "../support/e2e-users.ts";

/**
 * The browser test call with Chromium's fake microphone playing a WAV synthesised here (flite slt): silence
 * while the agent greets, then the callee's line, then silence. The server runs the default offline voice
 * stack (flite TTS, pocketsphinx STT, rules brain), so what shows as the callee's words was recognised.
 */
const CALLEE_LINE = "Yes, tell me about the premium plan.";

async function fakeMicWav(dir: string): Promise<string> {
  // 14 s: the whole greeting (recording notice included) plays first
  const chunks: Int16Array[] = [new Int16Array(16_000 * 14)];
  for await (const c of createFliteTts().synthesize(CALLEE_LINE, { voiceId: "flite:slt", sampleRate: 16_000 }))
    chunks.push(c);
  chunks.push(new Int16Array(16_000 * 3));
  const all = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  chunks.reduce((at, c) => (all.set(c, at), at + c.length), 0);
  const file = path.join(dir, "callee.wav");
  fs.writeFileSync(file, encodeWav(all, 16_000));
  return file;
}

async function runCall(page: Page, user: E2EUser, shot: string, env: E2E): Promise<void> {
  try {
    await callAndCheck(page, user, shot, env);
  } catch (err) {
    const panel = page.getByRole("region", { name: "Test Call" });
    await panel.scrollIntoViewIfNeeded().catch(() => undefined);
    console.log(
      `failed ${shot}; panel: ${await panel.innerText().catch(() => "?")}; ` +
        `picture: ${await env.screenshot(page, `${shot}-failed`)}`,
    );
    throw err;
  }
}

async function callAndCheck(page: Page, user: E2EUser, shot: string, env: E2E): Promise<void> {
  const panel = page.getByRole("region", { name: "Test Call" });
  await panel.getByRole("button", { name: "Test call" }).click();
  const transcript = panel.getByRole("log", { name: "Live transcript" });
  const agent = transcript.locator('[data-speaker="agent"]');
  await agent
    .first()
    .getByText(`Hi Sam, this is an AI assistant calling on behalf of ${user.organization}`)
    .waitFor({ timeout: 30_000 });
  await panel.getByRole("button", { name: "Hang up" }).waitFor();
  await panel.scrollIntoViewIfNeeded();
  await env.screenshot(page, `${shot}-live`);
  // The callee's line, recognised by the offline STT from the fake microphone's audio ("… the premium plan";
  // one run in a few hears its last word as "play": the test is that the callee is heard, not the model's accuracy).
  await transcript
    .locator('[data-speaker="callee"]')
    .getByText(/premium/i)
    .waitFor({ timeout: 30_000 });
  assert.ok(!(await agent.first().innerText()).endsWith("—"), "the callee's silence must not cut the greeting off");
  await panel.getByRole("button", { name: "Hang up" }).click();
  await panel.getByText("Call ended").waitFor({ timeout: 20_000 });
  await panel.getByRole("button", { name: "Call again" }).waitFor();
  await panel.scrollIntoViewIfNeeded();
  await page.waitForTimeout(400); // let the button's colour transition finish before the picture
  await env.screenshot(page, shot);
  console.log(`${shot}: ${(await transcript.innerText()).replace(/\n+/g, " | ")}`);
}

describe("campaign setup: test call from the browser microphone", () => {
  let env: E2E;
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-webcall-"));
    const wav = await fakeMicWav(dir);
    env = await startE2E({
      env: { VOICE_MODE: "live", DIALER: "0" },
      browserArgs: [
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-audio-capture=${wav}%noloop`,
        "--autoplay-policy=no-user-gesture-required",
      ],
    });
  });
  after(async () => {
    await env.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("create mode: disabled until saved, then the agent greets and hears the callee; view mode on a phone", {
    timeout: 120_000,
  }, async () => {
    const user = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await signIn(page, user);
    const slug = page.url().match(/\/org\/([^/]+)\//)![1]!;
    await page.goto(`/org/${slug}/campaign-setup`);
    const panel = page.getByRole("region", { name: "Test Call" });
    const button = panel.getByRole("button", { name: "Test call" });
    assert.equal(await button.isDisabled(), true);
    // Hovered again if the form was still settling (a re-render under the pointer closes a tooltip before it opens).
    const tooltip = page.getByRole("tooltip", { name: "Save the campaign first" });
    for (let tries = 3; tries > 0; tries--) {
      await page.mouse.move(0, 0);
      await button.locator("xpath=..").hover();
      const shown = await tooltip.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (shown) break;
      assert.ok(tries > 1, "the tooltip never showed");
    }
    await env.screenshot(page, "web-call-unsaved-1280");

    await page.getByRole("textbox", { name: "Campaign Name" }).fill("Spring premium push");
    await page.getByRole("button", { name: "SAVE AS DRAFT" }).click();
    await page.getByText("Campaign saved as draft successfully!").waitFor();
    assert.equal(await button.isEnabled(), true);
    await runCall(page, user, "web-call-1280", env);

    // The test call is a real call record, marked as a test: it does not count as a campaign call.
    const token = await page.evaluate(() => localStorage.getItem("authToken"));
    const list = await fetch(`${env.baseUrl}/api/campaigns?page=1&page_size=10`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { campaigns } = (await list.json()) as { campaigns: { id: string; calls_made: number }[] };
    assert.equal(campaigns.length, 1);
    assert.equal(campaigns[0]!.calls_made, 0);
    await page.context().close();

    const phone = await env.newPage({ width: 390, height: 844 });
    await signIn(phone, user);
    await phone.goto(`/org/${slug}/campaign-setup?id=${campaigns[0]!.id}`);
    await runCall(phone, user, "web-call-390", env);
    await phone.context().close();
  });
});
