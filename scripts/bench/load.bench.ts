/**
 * `npm run bench -- load`: whole calls under load, with admission control (docs/capacity.md). Per level (calls per
 * core), with and without a CPU hog on one core, on PGlite and PostgreSQL: a campaign of that many contacts, each a
 * simulated callee answering with a real recorded "no" (Asterisk's prompts, `play:` steps), dialled by the real
 * dialer for a fixed window. Printed per level: greeting delay after pick-up and voice-to-voice p50/p95, callee
 * utterances lost (an ended call whose transcript has no callee line), calls admitted in the window and held back, and
 * how long a refused POST /api/calls took. One row with admission off shows what it prevents.
 *
 * Bounded: the default run (1 and 4 calls per core) is about 4 minutes. LOAD_LEVELS=1,2,4 (calls per core), LOAD_DBS,
 * LOAD_WINDOW_SECONDS=10 and LOAD_FULL=1 (every level on both databases) widen it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildUser, startTestApp } from "../../tests/support/test-app.ts";
import { dbKinds, type DbKind } from "../../tests/support/test-db.ts";
import { numbersInHoursNow } from "../../tests/support/in-hours-numbers.ts";
import { insertDialCampaign } from "../../tests/support/dial-campaign.ts";
import { startCpuHog } from "../../tests/support/cpu-hog.ts";
import { writeRecordedReply } from "../../tests/support/voice/recorded-replies.ts";
import { load } from "./bench-app.ts";

const NOES = ["allison-no-from-call-fwd-no-ans", "allison-no-from-dir-nomatch", "allison-no-from-confbridge-unmuted"];
const WINDOW_MS = Number(process.env.LOAD_WINDOW_SECONDS ?? 10) * 1000;
// Calls still live this long after the window are hung up: a call that ran on past it is counted as it ended.
const FINISH_MS = 15_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) =>
  xs.length ? xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN;
const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : "—");

type CallRow = {
  answered_at: Date | null;
  ended_at: Date | null;
  transcript: Array<{ speaker: string; text: string; startMs: number; endMs: number }>;
};
type Level = { kind: DbKind; perCore: number; hog: boolean; admission: boolean };

async function runLevel(audioDir: string, files: string[], l: Level): Promise<string> {
  const cores = os.availableParallelism();
  const calls = l.perCore * cores;
  const hog = l.hog ? startCpuHog({ maxMs: WINDOW_MS + FINISH_MS + 30_000 }) : null;
  const t = await startTestApp(l.kind, {
    env: {
      CALL_ADMISSION: l.admission ? "1" : "0",
      // A phone rings for seconds: the greeting is synthesised meanwhile, as on a real line.
      SIMULATED_RING_MS: "2000",
      SIMULATED_AUDIO_DIR: audioDir,
      TRIAL_MINUTES: "10000",
    },
  });
  try {
    const owner = await buildUser(t);
    const phones = numbersInHoursNow(calls, 40);
    const campaignId = await insertDialCampaign(t.db, owner.orgId, "Load", phones, "play:x;hangup");
    await t.db.query("update campaigns set max_attempts = 1, max_concurrent_calls = null where id = $1", [campaignId]);
    // Each callee answers with one of the real recordings, in turn.
    await t.db.query(
      `update contacts set persona = 'play:' || ($2::text[])[1 + (line_number % array_length($2::text[], 1))]
        || ';hangup' where campaign_id = $1`,
      [campaignId, files],
    );
    await sleep(1200); // a full reading of the host (the hog included) before the first pass
    t.services.admission.read();
    const launched = await t.request("POST", `/api/campaigns/${campaignId}/launch`, { token: owner.token });
    if (launched.status !== 200) throw new Error(launched.text);
    const dialer = t.services.dialer;
    let admitted = 0;
    let maxLive = 0;
    let refusedMs = NaN;
    const until = Date.now() + WINDOW_MS;
    while (Date.now() < until) {
      admitted += await dialer.tick();
      maxLive = Math.max(maxLive, dialer.activeCalls());
      if (Number.isNaN(refusedMs) && l.admission && t.services.admission.room() <= 0) {
        const [held] = await t.db.query<{ contact_id: string }>(
          "select contact_id from call_attempts where campaign_id = $1 and status = 'pending' limit 1",
          [campaignId],
        );
        if (held) {
          const at = performance.now();
          const r = await t.request("POST", "/api/calls", {
            token: owner.token,
            body: { campaign_id: campaignId, contact_id: held.contact_id },
          });
          if (r.status === 409) refusedMs = performance.now() - at;
        }
      }
      await sleep(250);
    }
    // No new call after the window: the ones on the line finish (bounded), the rest count as held back.
    await t.db.query("update campaigns set status = 'paused' where id = $1", [campaignId]);
    const end = Date.now() + FINISH_MS;
    while (dialer.activeCalls() > 0 && Date.now() < end) await sleep(250);
    // Calls still on the line are hung up and saved, so a call that never got its reply counts as ended.
    dialer.abortAll();
    const saved = Date.now() + 10_000;
    while (dialer.activeCalls() > 0 && Date.now() < saved) await sleep(100);
    const rows = await t.db.query<CallRow>(
      "select answered_at, ended_at, transcript from calls where campaign_id = $1",
      [campaignId],
    );
    // Read from the transcript, which a live call keeps up to date too (ms since the pick-up): the agent's first
    // line starts at the greeting's delay; each agent line after a callee's starts that long after the callee's end.
    const answered = rows.filter((r) => r.answered_at);
    const greet = answered
      .flatMap((r) => r.transcript.filter((x) => x.speaker === "agent").slice(0, 1))
      .map((x) => x.startMs);
    const v2v = answered.flatMap((r) =>
      r.transcript.flatMap((x, i) => {
        const prev = r.transcript[i - 1];
        return x.speaker === "agent" && prev?.speaker === "callee" ? [x.startMs - prev.endMs] : [];
      }),
    );
    const ended = answered.filter((r) => r.ended_at);
    const lost = ended.filter((r) => !r.transcript.some((x) => x.speaker === "callee" && x.text.trim())).length;
    const cost = t.services.admission.cost();
    return (
      `| ${l.kind} | ${l.perCore}/core (${calls}) | ${l.hog ? "1 core" : "none"} | ${l.admission ? "on" : "off"} | ` +
      `${s(pct(greet, 50))} / ${s(pct(greet, 95))} | ${s(pct(v2v, 50))} / ${s(pct(v2v, 95))} | ` +
      `${lost} of ${ended.length} | ${admitted} / ${calls - admitted} | ${maxLive} | ` +
      `${Number.isNaN(refusedMs) ? "—" : `${Math.round(refusedMs)} ms`} | ${cost.perCallCores.toFixed(2)} |`
    );
  } finally {
    t.services.dialer.abortAll();
    await t.close();
    await hog?.stop();
  }
}

function plan(kinds: DbKind[]): Level[] {
  const levels = (process.env.LOAD_LEVELS ?? "1,4").split(",").map(Number);
  const full = process.env.LOAD_FULL === "1";
  const out: Level[] = [];
  for (const kind of kinds) {
    const first = kind === kinds[0];
    // The whole sweep on the first database; on the other the heaviest level with the hog, unless LOAD_FULL=1.
    for (const perCore of full || first ? levels : levels.slice(-1))
      for (const hog of full || first ? [false, true] : [true]) out.push({ kind, perCore, hog, admission: true });
  }
  // Before: the heaviest level with the hog and admission off, as every call was placed before it.
  out.push({ kind: kinds[0]!, perCore: levels.at(-1)!, hog: true, admission: false });
  return out;
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-load-"));
  const files = NOES.map((id) => writeRecordedReply(dir, id)).filter((f): f is string => f !== null);
  if (!files.length) {
    console.log("skipped: asterisk-core-sounds-en-wav is not installed (the callees' recordings)");
    return;
  }
  const wanted = (process.env.LOAD_DBS ?? "pglite,postgres").split(",");
  const kinds = (await dbKinds()).filter((k) => wanted.includes(k));
  console.log(
    `${os.availableParallelism()} cores, ${load()}; a ${WINDOW_MS / 1000} s window of dialling per level, callees ` +
      `answering with real recorded noes (${files.length} recordings)`,
  );
  console.log(
    "| database | level | CPU hog | admission | greeting after pick-up p50 / p95 | voice-to-voice p50 / p95 | " +
      "callees not heard | admitted / held back | most live | refused POST /api/calls | cores a call (learnt) |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const l of plan(kinds)) console.log(await runLevel(dir, files, l));
  console.log(load());
  fs.rmSync(dir, { recursive: true, force: true });
}
