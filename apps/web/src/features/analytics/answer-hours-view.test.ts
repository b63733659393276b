import assert from "node:assert/strict";
import { test } from "node:test";
import type { AnswerHours } from "@parley/shared/answer-hours";
import { heatRows, heatShade, learningNote } from "./answer-hours-view.ts";

const data = (over: Partial<AnswerHours> = {}): AnswerHours => ({
  cells: [
    { weekday: 2, hour: 10, dialled: 24, answered: 20, people: 18 },
    { weekday: 4, hour: 16, dialled: 5, answered: 3, people: 2 },
  ],
  totals: { dialled: 29, answered: 23, people: 20 },
  min_cell_calls: 20,
  learning: { active: false, dialled: 29, needed_calls: 200 },
  ...over,
});

test("rows are the contact's hours 08:00–20:00, a cell per weekday from Monday", () => {
  const rows = heatRows(data());
  assert.deepEqual([rows.length, rows[0]!.label, rows.at(-1)!.label, rows[0]!.cells.length], [13, "08:00", "20:00", 7]);
});

test("an hour with enough calls shows its rate and counts; one with few shows its count only", () => {
  const rows = heatRows(data());
  const tue10 = rows.find((r) => r.hour === 10)!.cells[1]!;
  assert.deepEqual([tue10.text, tue10.detail, tue10.rate], ["75%", "18/24", 0.75]);
  assert.equal(tue10.label, "Tuesday 10:00: 75% answered by a person, 18 of 24 calls");
  const thu16 = rows.find((r) => r.hour === 16)!.cells[3]!;
  assert.deepEqual([thu16.text, thu16.detail, thu16.rate], ["5", "few", null]);
  assert.equal(thu16.label, "Thursday 16:00: 5 calls, too few for a rate");
  const mon8 = rows[0]!.cells[0]!;
  assert.deepEqual([mon8.text, mon8.label], ["", "Monday 08:00: no calls"]);
});

test("hours outside 08:00–20:00 show only when they hold calls", () => {
  const rows = heatRows(data({ cells: [{ weekday: 7, hour: 21, dialled: 1, answered: 0, people: 0 }] }));
  assert.equal(rows.at(-1)!.label, "21:00");
});

test("shade follows the rate; no rate, no shade", () => {
  assert.equal(heatShade(null), undefined);
  assert.equal(heatShade(0), "rgba(139, 92, 246, 0.12)");
  assert.equal(heatShade(1), "rgba(139, 92, 246, 0.90)");
});

test("the learning note says what the dialer does now", () => {
  assert.match(learningNote(data()), /until 200 calls have been dialled \(29 so far\)/);
  const learnt = data({ learning: { active: true, dialled: 1200, needed_calls: 200 } });
  assert.match(learningNote(learnt), /answer best \(learnt from 1,200 dialled calls\)/);
  const spread = data({ learning: { active: false, dialled: 250, needed_calls: 200 } });
  assert.match(learningNote(spread), /No hour has 20 calls of its own yet/);
});
