import { contactZone } from "../../apps/server/src/features/calls/contact-zone.ts";
import { zonesOf } from "../../apps/server/src/features/experiments/contact-strata.ts";
import { assignStratified, type Assignable } from "../../apps/server/src/features/experiments/stratified-assignment.ts";
import { seededRandom } from "../../apps/server/src/features/knowledge-base/kb-vector-math.ts";

/**
 * Assignment balance: contacts of a list spread unevenly over five countries are split between 2, 3 and 4 variants
 * as a launch does (zone from the number, as the dialer reads it; stratified random split). Printed per zone: the
 * contacts each variant got and the largest gap between two variants; then the same for a plain random split
 * (each contact a coin toss), which is what stratifying avoids; and the time the split takes.
 */
const CONTACTS = Number(process.env.BENCH_EXPERIMENT_CONTACTS ?? 20_000);
const CAMPAIGN_ZONE = "Asia/Kolkata";
// Share of the list, and the start of a valid number of each country (its last four digits vary).
const COUNTRIES: [number, string][] = [
  [0.4, "+91987654"],
  [0.25, "+1415892"],
  [0.15, "+44791112"],
  [0.1, "+97150123"],
  [0.1, "+6141234"],
];

function list(n: number, random: () => number): { id: string; phone: string }[] {
  return Array.from({ length: n }, (_, i) => {
    const r = random();
    let below = 0;
    const [, prefix] =
      COUNTRIES.find(([share]) => {
        below += share;
        return r < below;
      }) ?? COUNTRIES[0]!;
    const area = prefix.startsWith("+1") ? ["415892", "212555", "312555", "713555"][i % 4]! : "";
    const start = area ? `+1${area}` : prefix;
    return { id: `c${i}`, phone: `${start}${String(1000 + (i % 9000))}` };
  });
}

function table(contacts: Assignable[], split: Map<string, string>, variants: string[]): number {
  const zones = [...new Set(contacts.map((c) => c.zone))].sort();
  let worst = 0;
  const rows = zones.map((zone) => {
    const counts = variants.map((v) => contacts.filter((c) => c.zone === zone && split.get(c.id) === v).length);
    const gap = Math.max(...counts) - Math.min(...counts);
    worst = Math.max(worst, gap);
    return `  ${zone.padEnd(22)} ${counts.map((n) => String(n).padStart(6)).join(" ")}   gap ${gap}`;
  });
  const totals = variants.map((v) => [...split.values()].filter((x) => x === v).length);
  const gap = Math.max(...totals) - Math.min(...totals);
  console.log(`  ${"zone".padEnd(22)} ${variants.map((v) => v.padStart(6)).join(" ")}`);
  console.log(rows.join("\n"));
  console.log(`  ${"all".padEnd(22)} ${totals.map((n) => String(n).padStart(6)).join(" ")}   gap ${gap}`);
  return Math.max(worst, gap);
}

export async function run(): Promise<void> {
  const random = seededRandom(33);
  const raw = list(CONTACTS, random);
  let started = performance.now();
  const zones = zonesOf(
    raw.map((c) => c.phone),
    CAMPAIGN_ZONE,
  );
  const zoneMs = performance.now() - started;
  started = performance.now();
  const each = raw.slice(0, 2000).map((c) => contactZone(c.phone, CAMPAIGN_ZONE));
  const eachUs = ((performance.now() - started) * 1000) / each.length;
  const differ = each.filter((z, i) => z !== zones[i]).length;
  console.log(
    `${CONTACTS} contacts; their time zones read in ${zoneMs.toFixed(0)} ms by number prefix ` +
      `(one number at a time: ${eachUs.toFixed(0)} µs each; ${differ} of ${each.length} zones differ)`,
  );
  const contacts = raw.map((c, i) => ({ id: c.id, zone: zones[i]! }));
  for (const variants of [
    ["A", "B"],
    ["A", "B", "C"],
    ["A", "B", "C", "D"],
  ]) {
    started = performance.now();
    const split = assignStratified(contacts, variants, random);
    const ms = performance.now() - started;
    console.log(`\n${variants.length} variants, stratified by zone (split in ${ms.toFixed(0)} ms):`);
    const stratified = table(contacts, split, variants);
    const coin = new Map(contacts.map((c) => [c.id, variants[Math.floor(random() * variants.length)]!]));
    console.log(`${variants.length} variants, each contact a coin toss (for comparison):`);
    const plain = table(contacts, coin, variants);
    console.log(`largest gap between two variants: stratified ${stratified}, coin toss ${plain}`);
  }
}
