import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import type { Locator, Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { signIn } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";
import { newKbUser, readyDocuments, type KbSession } from "../support/kb-e2e.ts";
import { answerFromPassages, type KbPassage } from "../../packages/voice/src/knowledge/answer.ts";

// Real documents from Debian packages: zlib1g-dev's FAQ and redis-server's README.
const debianDoc = (name: string) => fs.readFileSync(new URL(`../support/debian-passages/${name}`, import.meta.url));

/**
 * Asks in the box and waits for the answer to this question. The box must show what the offline agent
 * would say on a call from the same passages (knowledge/answer.ts), word for word.
 */
async function ask(page: Page, question: string): Promise<{ answer: string; status: string; sources: string[] }> {
  const box = page.getByRole("group", { name: "Test your knowledge base" });
  await box.getByRole("textbox", { name: "Question" }).fill(question);
  const answered = page.waitForResponse(
    (r) => r.url().endsWith("/api/voice/KB/ask") && r.request().postDataJSON()?.question === question,
  );
  await box.getByRole("button", { name: "Ask" }).click();
  const { passages } = (await (await answered).json()) as { passages: KbPassage[] };
  const answer = box.getByTestId("kb-test-answer");
  await answer.waitFor();
  const status = await box.getByText(/^(Answered|Not in the knowledge base)$/).innerText();
  const sources = await box
    .getByRole("list", { name: "Passages" })
    .getByRole("heading")
    .allInnerTexts()
    .catch(() => []);
  const shown = await answer.innerText();
  const spoken = answerFromPassages(
    question,
    passages.map((p) => ({ heading: p.heading, text: p.text })),
  );
  assert.equal(shown, spoken.text, "the box shows what the agent would say");
  assert.equal(status, spoken.answered ? "Answered" : "Not in the knowledge base");
  return { answer: shown, status, sources };
}

describe("Test your knowledge base", () => {
  let env: E2E;
  let s: KbSession;
  before(async () => {
    env = await startE2E();
    s = await newKbUser(env);
    await readyDocuments(env, s, [
      ["zlib-faq.txt", debianDoc("zlib-faq.txt")],
      ["redis-readme.txt", debianDoc("redis-readme.md")],
    ]);
    await readyDocuments(env, s, [
      ["helios-battery.pdf", fs.readFileSync(new URL("../support/kb-documents/helios-battery.pdf", import.meta.url))],
    ]);
  });
  after(() => env.close());

  /** The steps are the same on a phone: one run at 1440 px, each screen also looked at on a 390 px one. */
  const inView = (page: Page, what: Locator, name: string) =>
    atPhoneWidth(env, page, name, async () => {
      await what.scrollIntoViewIfNeeded();
      assert.ok(await what.isVisible(), `${name}: shows on a phone`);
    });

  test("knowledge base screen at 1440 px (and 390 px): the answer a caller would hear, and the passages", async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, s.user);
    await page.goto(`/org/${s.slug}/knowledge-base`);
    await page.getByText("zlib-faq").first().waitFor();
    const yes = await ask(page, "Is zlib thread safe?");
    assert.equal(yes.status, "Answered");
    assert.match(yes.answer, /^Yes\. However any library routines that zlib uses/);
    assert.ok(
      yes.sources.length >= 1 && yes.sources.every((h) => /^\d\. (zlib-faq|redis-readme)/.test(h)),
      yes.sources.join(" | "),
    );
    const box = page.getByRole("group", { name: "Test your knowledge base" });
    const used = box.getByRole("listitem").filter({ hasText: "Answer taken from here" });
    assert.equal(await used.count(), 1);
    assert.match(await used.getByRole("heading").innerText(), /zlib-faq/);
    // The passage says why: the sentence said passed every rule.
    const accepted = used.getByRole("list", { name: /^Why passage \d did or did not answer$/ }).getByRole("listitem");
    assert.match((await accepted.allInnerTexts()).join(" | "), /^“Yes\.” — Every check passed.* answers\b/);
    await box.scrollIntoViewIfNeeded();
    await box.getByTestId("kb-test-answer").scrollIntoViewIfNeeded();
    await env.screenshot(page, `kb-test-box-answered-1440`);
    await inView(page, box.getByTestId("kb-test-answer"), "kb-test-box-answered");

    // A PDF's passage names its page.
    const pdf = await ask(page, "How long is the battery warranty?");
    assert.equal(pdf.status, "Answered");
    assert.ok(
      pdf.sources.some((h) => /helios-battery · .*page \d+$/.test(h)),
      pdf.sources.join(" | "),
    );
    await box.getByTestId("kb-test-answer").scrollIntoViewIfNeeded();
    await env.screenshot(page, "kb-test-box-pdf-page-1440");

    const no = await ask(page, "Does zlib support bzip2 compression?");
    assert.equal(no.status, "Not in the knowledge base");
    assert.match(no.answer, /don't have that information.*follow up/);
    assert.equal(await box.getByText("Answer taken from here").count(), 0);
    // A refused answer says which rule refused each passage's best sentences.
    const why = box.getByRole("list", { name: "Why passage 1 did or did not answer" }).getByRole("listitem");
    assert.ok((await why.count()) >= 1);
    assert.match(await why.first().innerText(), /“.+” — .+ [a-z]+(-[a-z]+)+$/s);
    await why.first().scrollIntoViewIfNeeded();
    await env.screenshot(page, `kb-test-box-refused-1440`);
    await inView(page, why.first(), "kb-test-box-refused");
    await page.context().close();
  });

  test("campaign setup at 1440 px (and 390 px): answers only from the items chosen for the campaign", async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, s.user);
    await page.goto(`/org/${s.slug}/campaign-setup`);
    const box = page.getByRole("group", { name: "Test your knowledge base" });
    await box
      .getByText("Choose knowledge base items above to test what this campaign's calls would answer from them.")
      .waitFor();
    assert.equal(await box.getByRole("button", { name: "Ask" }).isDisabled(), true);

    await page.getByRole("combobox", { name: "Knowledge base" }).click();
    await page.getByRole("option", { name: /redis-readme/ }).click();
    await page.keyboard.press("Escape");
    const other = await ask(page, "Is zlib thread safe?");
    assert.equal(other.status, "Not in the knowledge base", "the zlib FAQ is not chosen for this campaign");
    assert.ok(
      other.sources.every((h) => h.includes("redis-readme")),
      other.sources.join(" | "),
    );

    const mine = await ask(page, "Does Redis support big endian architectures?");
    assert.equal(mine.status, "Answered");
    assert.equal(
      mine.answer,
      "We support big endian and little endian architectures, and both 32 bit and 64 bit systems.",
    );
    assert.ok(mine.sources[0]!.includes("redis-readme · Building Redis"), mine.sources.join(" | "));
    // Enter asks too, without saving the campaign around it.
    await box.getByRole("textbox", { name: "Question" }).fill("Is zlib thread safe?");
    const viaEnter = page.waitForResponse((r) => r.url().endsWith("/api/voice/KB/ask"));
    await box.getByRole("textbox", { name: "Question" }).press("Enter");
    await viaEnter;
    assert.equal(await page.getByText("Campaign saved as draft successfully!").count(), 0);
    await ask(page, "Does Redis support big endian architectures?");
    await box.scrollIntoViewIfNeeded();
    await box.getByTestId("kb-test-answer").scrollIntoViewIfNeeded();
    await env.screenshot(page, `campaign-kb-test-box-1440`);
    await inView(page, box.getByTestId("kb-test-answer"), "campaign-kb-test-box");
    await page.context().close();
  });
});
