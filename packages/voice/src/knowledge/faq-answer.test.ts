import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { answerQuestion, bestFaq, speakable } from "./faq-answer.ts";
import type { KnowledgePassage } from "../brain/brain.ts";

const faqs = [
  { question: "What does the premium plan cost?", answer: "The premium plan is 49 dollars a month for {{company}}." },
  { question: "Do you offer a free trial?", answer: "Yes, every plan starts with a **14-day** free trial." },
  { question: "How do I cancel?", answer: "You can cancel any time from the billing page." },
];
const none = async (): Promise<KnowledgePassage[]> => [];

describe("bestFaq", () => {
  test("matches rephrased questions", () => {
    assert.equal(bestFaq("how much is the premium plan", faqs)?.answer, faqs[0]!.answer);
    assert.equal(bestFaq("is there a free trial", faqs)?.answer, faqs[1]!.answer);
    assert.equal(bestFaq("what does premium cost", faqs)?.answer, faqs[0]!.answer);
    assert.equal(bestFaq("can i cancel later", faqs)?.answer, faqs[2]!.answer);
  });
  test("no FAQ for an unrelated question", () => {
    assert.equal(bestFaq("do you integrate with salesforce", faqs), null);
    assert.equal(bestFaq("what", faqs), null);
  });
});

describe("speakable", () => {
  test("strips markdown and URLs", () => {
    assert.equal(speakable("**Bold** [link](http://x.y) see https://a.b/c now"), "Bold link see now");
  });
});

describe("answerQuestion", () => {
  test("FAQ answer with variables filled and markdown removed", async () => {
    const a = await answerQuestion("What does the premium plan cost?", faqs, none, { company: "Lima Bakery" });
    assert.deepEqual(a, {
      text: "The premium plan is 49 dollars a month for Lima Bakery.",
      source: "faq",
      passages: [],
      looked: [],
    });
    const b = await answerQuestion("do you have a free trial", faqs, none, {});
    assert.equal(b.text, "Yes, every plan starts with a 14-day free trial.");
  });
  test("falls back to the knowledge base and passes the question", async () => {
    const asked: string[] = [];
    const retrieve = async (q: string) => {
      asked.push(q);
      return [
        { id: "p1", heading: "Office", text: "Our office is in Lisbon, open on weekdays." },
        {
          id: "p2",
          heading: "Integrations",
          text: "Parley connects to Salesforce and HubSpot in two clicks. Setup takes a day.",
        },
      ];
    };
    const a = await answerQuestion("do you integrate with salesforce", faqs, retrieve, {});
    assert.deepEqual(asked, ["do you integrate with salesforce"]);
    assert.equal(a.source, "knowledge_base");
    assert.match(a.text, /Salesforce and HubSpot/);
    assert.deepEqual(
      a.passages.map((p) => p.id),
      ["p2"],
      "only the passage the answer came from",
    );
  });
  test("says honestly when nothing is known", async () => {
    const a = await answerQuestion(
      "do you ship to mars",
      faqs,
      async () => [{ id: "p1", heading: "", text: "Our office is in Lisbon." }],
      {},
    );
    assert.equal(a.source, "none");
    assert.deepEqual(a.passages, []);
    assert.match(a.text, /don't have that information/);
  });
});
