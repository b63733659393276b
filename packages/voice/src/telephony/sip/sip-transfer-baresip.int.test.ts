import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { decodeWav, encodeWav } from "../../audio/wav.ts";
import { resample } from "../../audio/resample.ts";
import { toneShare } from "../../audio/beep.ts";
import { levelDb } from "../../audio/frames.ts";
import { createRulesBrain } from "../../brain/rules-brain.ts";
import { lines } from "../../brain/rules-lines.ts";
import { runCallSession } from "../../session/call-session.ts";
import type { TransferRecord } from "../../session/session-types.ts";
import { createSipTelephony, type SipTelephony } from "./sip-telephony.ts";
import { startBaresip, type Baresip } from "../../../../../tests/support/baresip.ts";
import { until } from "../../../../../tests/support/until.ts";
import {
  createScriptedStt,
  fixedToneTts,
  noAgentTools as noTools,
  testContext,
} from "../../../../../tests/support/voice/test-providers.ts";

// A warm transfer over SIP between two real peers on loopback (Debian's baresip): one baresip is the caller
// (it answers our call and asks, from a WAV, for a person), the other is the person (one account answers at
// once, one never does). Parley places the second leg with its own INVITE and bridges the two audio streams.
// The agent's voice is a tone (what is measured is the transfer, not speech synthesis); the caller's words
// are given to the brain by a scripted recogniser, their audio is real.

const toneTts = fixedToneTts(300, 500);

/** A flite line, repeated with pauses, at 8 kHz: baresip's microphone for the whole call. */
function speechWav(dir: string, name: string, text: string): string {
  const raw = path.join(dir, `${name}-raw.wav`);
  execFileSync("flite", ["-voice", "slt", "-t", text, "-o", raw]);
  const pcm = decodeWav(fs.readFileSync(raw));
  const line = resample(pcm.samples, pcm.sampleRate, 8000);
  const pause = new Int16Array(8000 * 2);
  const out = new Int16Array((line.length + pause.length) * 8);
  for (let i = 0; i < 8; i++) out.set(line, i * (line.length + pause.length));
  const file = path.join(dir, `${name}.wav`);
  fs.writeFileSync(file, encodeWav(out, 8000));
  return file;
}

/**
 * Loud 20 ms frames of a recording that are a voice, not the agent's 300 Hz tone. (baresip's recording of what
 * it heard has no gaps where nothing arrived, so frames are counted, not placed in time.)
 */
function voiceFrames(pcm: Int16Array): number {
  let n = 0;
  for (let at = 0; at + 160 <= pcm.length; at += 160) {
    const f = pcm.subarray(at, at + 160);
    if (levelDb(f) > -35 && toneShare(f, 8000, 300) < 0.5) n++;
  }
  return n;
}

describe("warm transfer over SIP: baresip as the caller and baresip as the person", () => {
  let caller: Baresip;
  let person: Baresip;
  let sip: SipTelephony;
  let dir: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-transfer-"));
    caller = await startBaresip({
      accounts: [{ user: "caller", answer: "auto" }],
      sourceWav: speechWav(dir, "caller", "Can I talk to a real person, please?"),
      rtpPorts: [42000, 42049],
    });
    person = await startBaresip({
      accounts: [
        { user: "sam", answer: "auto" },
        { user: "away", answer: "manual" },
      ],
      sourceWav: speechWav(dir, "person", "Hello, this is Sam from the team."),
      rtpPorts: [42050, 42099],
    });
    sip = createSipTelephony({
      trunk: { host: "127.0.0.1", port: caller.port },
      username: null,
      password: null,
      register: false,
      bind: { host: "127.0.0.1", port: 0 },
      publicHost: "127.0.0.1",
      rtpPorts: { min: 42100, max: 42199 },
      from: "+15550001111",
      ringTimeoutMs: 10_000,
      silenceTimeoutMs: 5000,
    });
    assert.equal((await sip.start()).ok, true);
  });
  after(async () => {
    sip.close();
    await Promise.all([caller.close(), person.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Our call to the caller's baresip; the agent transfers to `personUser` on the other baresip. */
  async function transferCall(personUser: string, whenBridged: number, stt: string[]) {
    const to = `sip:${personUser}@127.0.0.1:${person.port}`;
    const transfers: TransferRecord[] = [];
    const leg = await sip.dial({ to: "caller", callId: "c1", persona: null, signal: new AbortController().signal });
    const session = runCallSession({
      leg,
      stt: createScriptedStt(stt),
      tts: toneTts,
      voiceId: "tone",
      brain: createRulesBrain,
      context: testContext(),
      tools: noTools,
      vocabulary: [],
      turnTaking: { checkInAfterMs: 60_000 },
      onEvent: (e) => e.type === "transfer" && transfers.push(e.transfer),
      transfer: {
        to,
        ringLimitMs: 3000,
        dial: (signal) => sip.dial({ to, callId: "c1", persona: null, purpose: "transfer", signal }),
      },
    });
    await until(() => transfers.length > 0, { ms: 20_000, what: "the transfer's result" });
    // Caller and person talk (or the agent offers its callback) for a while, then the caller hangs up.
    await new Promise((r) => setTimeout(r, whenBridged));
    await caller.command("hangup");
    return { result: await session, transfer: transfers[0]! };
  }

  test("the person answers: told who is calling, then they hear each other; the recording keeps both", async () => {
    const { result, transfer } = await transferCall("sam", 4000, ["Can I talk to a real person?"]);
    assert.equal(transfer.answered, true, JSON.stringify(transfer));
    assert.equal(transfer.to, `sip:sam@127.0.0.1:${person.port}`);
    assert.equal(result.transferred, true);
    assert.equal(result.transcript.filter((t) => t.speaker === "agent").at(-1)?.text, lines.transferring());
    // The person's leg ends with the caller's: baresip got our BYE.
    await until(() => person.events.some((e) => e.type === "CALL_CLOSED" && /sam/.test(e.accountaor ?? "")), {
      what: "the person's leg hung up",
    });
    await until(() => caller.events.some((e) => e.type === "CALL_CLOSED"), { what: "the caller's call closed" });
    // What each baresip heard: the person, the briefing (a tone) and then the caller's voice; the caller, the
    // agent's tones and then the person's voice (both say their lines every few seconds).
    const personHeard = (await person.lastRecording("heard")).samples;
    const callerHeard = (await caller.lastRecording("heard")).samples;
    assert.ok(
      voiceFrames(personHeard) > 25,
      `the person heard the caller's voice (${voiceFrames(personHeard)} frames)`,
    );
    assert.ok(
      voiceFrames(callerHeard) > 25,
      `the caller heard the person's voice (${voiceFrames(callerHeard)} frames)`,
    );
    // Stereo recording, callee left and agent right: the right channel holds
    // a voice besides the agent's tones: the person's.
    const wav = decodeWav(result.recording!);
    assert.equal(wav.channels, 2);
    const right = Int16Array.from({ length: wav.samples.length / 2 }, (_, i) => wav.samples[2 * i + 1]!);
    assert.ok(
      voiceFrames(right) > 25,
      `the recording's agent channel holds the person's voice (${voiceFrames(right)} frames)`,
    );
  });

  test("the person does not answer: cancelled at the limit, and the agent offers the caller a callback", async () => {
    const { result, transfer } = await transferCall("away", 2500, ["Can I talk to a real person?"]);
    assert.equal(transfer.answered, false);
    assert.equal(transfer.detail, "No answer within 3 s.");
    assert.ok(!result.transferred);
    await until(() => person.events.some((e) => e.type === "CALL_CLOSED" && /away/.test(e.accountaor ?? "")), {
      what: "baresip saw the CANCEL",
    });
    // The caller's baresip keeps asking, so the offer may be cut short by them (the transcript keeps what was
    // heard, to the word: "…could pick…", or on a busy machine only "I'm…"): the offer was begun.
    const offer = "I'm sorry, nobody from the team";
    const agent = result.transcript.filter((t) => t.speaker === "agent").map((t) => t.text);
    assert.ok(
      agent.some((t) => t.startsWith(offer) || (t.length > 1 && t.endsWith("…") && offer.startsWith(t.slice(0, -1)))),
      agent.join(" | "),
    );
  });
});
