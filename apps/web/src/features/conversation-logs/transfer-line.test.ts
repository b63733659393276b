import assert from "node:assert/strict";
import { test } from "node:test";
import { interventionLines, interventionsTitle } from "./call-log-display.ts";

test("a transfer reads as where it went and whether the person answered; the section is titled for it", () => {
  const at = "2026-11-26T10:03:00Z";
  const time = new Date(at).toISOString().slice(11, 19);
  const list = [
    {
      kind: "transfer" as const,
      by_name: null,
      at,
      transfer: { to: "+15550102000", answered: false, detail: "No answer within 25 s." },
    },
    {
      kind: "transfer" as const,
      by_name: null,
      at,
      transfer: { to: "sip:sales@pbx.example.com", answered: true, detail: null },
    },
  ];
  assert.deepEqual(interventionLines(list, "UTC"), [
    `${time} · The agent tried to transfer the call to +15550102000: not ` +
      "answered (No answer within 25 s), back to the agent",
    `${time} · The agent transferred the call to sip:sales@pbx.example.com: answered, caller and person connected`,
  ]);
  assert.equal(interventionsTitle(list), "Transferred to a person");
  assert.equal(interventionsTitle([...list, { kind: "listen" }]), "Listened in, taken over and transferred");
  assert.equal(interventionsTitle([{ kind: "listen" }]), "Listened in and taken over");
});
