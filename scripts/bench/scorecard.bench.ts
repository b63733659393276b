import { scoreCall } from "../../apps/server/src/features/scorecard/score-call.ts";
import type { ScoreInput } from "../../apps/server/src/features/scorecard/score-input.ts";
import { BOOKED_AT, BOOKED_CALL, call, type Said } from "../../tests/support/scorecard-calls.ts";

/**
 * Scorecard time per call: the twelve rules over a call's transcript (what each call's save adds, besides one
 * read and one write). A short booked call (12 lines) and a long one (the same exchange repeated to 240 lines,
 * with knowledge-base lookups), each scored many times; median and 95th percentile per call.
 */
const RUNS = Number(process.env.BENCH_SCORECARDS ?? 2000);

function longCall(): ScoreInput {
  const said: Said[] = [];
  for (let round = 0; round < 20; round++)
    for (const [speaker, text, from, to] of BOOKED_CALL) said.push([speaker, text, from + round * 50, to + round * 50]);
  const kbSources = said
    .filter(([speaker]) => speaker === "callee")
    .map(([, text], i) => ({
      query: text,
      document_id: "d",
      document_name: "Plans.pdf",
      heading: "Pricing",
      passage_id: `p${i}`,
      used: i % 2 === 0,
      checks: [],
    }));
  const booking = { startAt: BOOKED_AT, timezone: "America/New_York", madeAtMs: 33_900 };
  return call(said, { kbSources, booking, outcome: "scheduled" });
}

function time(label: string, input: ScoreInput): void {
  for (let i = 0; i < 50; i++) scoreCall(input); // warm the regular expressions and the JIT
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    scoreCall(input);
    ms.push(performance.now() - s);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(3);
  console.log(`scorecard ${label} (${input.lines.length} lines): ${at(0.5)} ms per call (p95 ${at(0.95)} ms)`);
}

export async function run(): Promise<void> {
  const booking = { startAt: BOOKED_AT, timezone: "America/New_York", madeAtMs: 33_900 };
  time("short booked call", call(BOOKED_CALL, { booking, outcome: "scheduled" }));
  time("long call", longCall());
}
