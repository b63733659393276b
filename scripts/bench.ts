/**
 * `npm run bench`: runs every scripts/bench/*.bench.ts (or those named on the command line) in turn.
 * Each prints its own figures; speed lives here, never in test assertions.
 */
import fs from "node:fs";
import path from "node:path";

const dir = new URL("./bench/", import.meta.url).pathname;
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !wanted.length || wanted.some((w) => f.includes(w)))
  .sort();

for (const file of files) {
  console.log(`\n### ${file.replace(".bench.ts", "")}`);
  const mod = (await import(path.join(dir, file))) as { run: () => Promise<void> };
  const started = performance.now();
  await mod.run();
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
process.exit(0);
