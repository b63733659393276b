import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const ROOT = path.resolve(new URL("../..", import.meta.url).pathname);
const DIST = path.join(ROOT, "apps/web/dist");
const BUDGET_KB = 250;

/** Gzipped JavaScript a first visit to the landing page downloads: the entry script and its preloads. */
export async function run(): Promise<void> {
  execFileSync("npm", ["run", "-s", "build"], { cwd: ROOT, stdio: "ignore" });
  const html = fs.readFileSync(path.join(DIST, "index.html"), "utf8");
  const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  let total = 0;
  for (const src of new Set(scripts)) {
    const size = zlib.gzipSync(fs.readFileSync(path.join(DIST, src))).length;
    total += size;
    console.log(`  ${src}  ${(size / 1024).toFixed(1)} KB gz`);
  }
  console.log(
    `landing first-load JS: ${(total / 1024).toFixed(1)} KB gzipped (budget ` +
      `${BUDGET_KB} KB) ${total / 1024 <= BUDGET_KB ? "OK" : "OVER BUDGET"}`,
  );
}
