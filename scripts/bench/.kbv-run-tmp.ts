import { run } from "/work/main/scripts/bench/knowledge-base.bench.ts";
await run();
