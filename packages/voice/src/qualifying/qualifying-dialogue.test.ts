import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type OutcomeField, OutcomeFieldList, type OutcomeFieldInput } from "@parley/shared/outcome-fields";
import { converse, createRecordingTools, londonContext } from "../../../../tests/support/voice/fake-agent-tools.ts";
import { createRulesBrain } from "../brain/rules-brain.ts";

const INPUT: OutcomeFieldInput[] = [
  {
    name: "Budget per month",
    type: "amount",
    question: "Roughly what do you spend a month on marketing?",
    qualifies_when: { min: 1000 },
  },
  { name: "CRM", type: "choice", question: "Which CRM do you use?", options: ["Salesforce", "HubSpot", "None"] },
  { name: "Decision maker", type: "yes_no", question: "Are you the one who decides on this?" },
];
const FIELDS: OutcomeField[] = OutcomeFieldList.parse({ fields: INPUT }).fields;

const brainWith = (fields = FIELDS) => {
  const rec = createRecordingTools();
  return {
    rec,
    brain: createRulesBrain(
      londonContext({ campaign: { ...londonContext().campaign, outcomeFields: fields } }),
      rec.tools,
    ),
  };
};
const value = (s: Awaited<ReturnType<ReturnType<typeof brainWith>["brain"]["finish"]>>, key: string) =>
  s.qualifying?.answers.find((a) => a.key === key);

describe("the rules agent asks the qualifying questions after the callee agrees to talk", () => {
  test("in order, each answer kept with its words, then the meeting", async () => {
    const { brain } = brainWith();
    const { replies, transcript, expected } = await converse(brain, [
      "yes sure",
      "about two grand a month",
      "we're on Salesforce",
      "yeah I do",
    ]);
    assert.deepEqual(replies[0], [
      "Great, thank you, Ana.",
      "Before we set anything up, a few quick questions.",
      "Roughly what do you spend a month on marketing?",
    ]);
    assert.deepEqual(replies[1], ["Got it, thanks.", "Which CRM do you use?"]);
    assert.deepEqual(expected[2], { kind: "choice", options: ["Salesforce", "HubSpot", "None"] });
    assert.deepEqual(replies[2], ["Got it, thanks.", "Are you the one who decides on this?"]);
    assert.deepEqual(expected[3], { kind: "yes-no" });
    assert.match(replies[3]!.join(" "), /really helpful.*What day and time would suit you\?/);
    const s = await brain.finish(transcript);
    assert.equal(s.qualifying?.qualified, true);
    assert.deepEqual(value(s, "budget_per_month"), {
      key: "budget_per_month",
      name: "Budget per month",
      type: "amount",
      answered: true,
      value: 2000,
      currency: null,
      display: "2,000",
      utterance: "about two grand a month",
    });
    assert.equal(value(s, "crm")?.value, "Salesforce");
    assert.equal(value(s, "decision_maker")?.value, true);
  });

  test("an answer given before its question is not asked again", async () => {
    const { brain } = brainWith();
    const { replies } = await converse(brain, ["yes, we're on HubSpot by the way", "around 500 dollars"]);
    assert.deepEqual(replies[1], ["Got it, thanks.", "Are you the one who decides on this?"]);
  });

  test("a dodge is not answered, asked once more when unclear, and no value is invented", async () => {
    const { brain } = brainWith();
    const { replies, transcript } = await converse(brain, [
      "yes go on",
      "not sure yet",
      "hmm good question",
      "whatever",
      "I'd rather not say",
    ]);
    assert.deepEqual(replies[1], ["No problem.", "Which CRM do you use?"]);
    assert.deepEqual(replies[2], ["Sorry, I didn't quite catch that.", "Which CRM do you use?"]);
    assert.deepEqual(replies[3], ["No problem, let's move on.", "Are you the one who decides on this?"]);
    const s = await brain.finish(transcript);
    assert.equal(s.qualifying?.qualified, false);
    assert.deepEqual(
      s.qualifying?.answers.map((a) => [a.key, a.answered, a.display, a.utterance]),
      [
        ["budget_per_month", false, "Not answered", "not sure yet"],
        ["crm", false, "Not answered", null],
        ["decision_maker", false, "Not answered", "I'd rather not say"],
      ],
    );
  });

  test("doubtful words are read back and kept only on a yes", async () => {
    const { brain } = brainWith();
    const { replies, transcript } = await converse(brain, [
      "yes",
      { text: "about five grand", confidence: 0.3 },
      "no",
      "two thousand",
      { text: "salesforce", confidence: 0.3 },
      "yes",
    ]);
    assert.deepEqual(replies[1], ["Just to be sure, did you say 5,000?"]);
    assert.deepEqual(replies[2], ["Sorry about that.", "Roughly what do you spend a month on marketing?"]);
    assert.deepEqual(replies[4], ["Just to be sure, did you say Salesforce?"]);
    assert.deepEqual(replies[5], ["Got it, thanks.", "Are you the one who decides on this?"]);
    const s = await brain.finish(transcript);
    assert.equal(value(s, "budget_per_month")?.value, 2000);
    assert.equal(value(s, "crm")?.value, "Salesforce");
  });

  test("a question or an opt-out during the questions is handled first", async () => {
    const { brain, rec } = brainWith();
    const { replies } = await converse(brain, ["yes", "what does the premium plan cost?", "stop calling me"]);
    assert.match(replies[1]!.join(" "), /49 pounds.*back to my question\. Roughly what do you spend/);
    assert.equal(rec.names().includes("markDoNotCall"), true);
  });

  test("a campaign without fields proposes the meeting at once, and its summary has no qualifying part", async () => {
    const { brain } = brainWith([]);
    const { replies, transcript } = await converse(brain, ["yes"]);
    assert.match(replies[0]!.join(" "), /What day and time would suit you\?/);
    assert.equal((await brain.finish(transcript)).qualifying, undefined);
  });
});
