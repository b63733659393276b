import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { encodeWav } from "../../audio/wav.ts";
import { toMono } from "../../audio/wav.ts";
import { loadAudioClip, resolveAudioFile } from "./audio-clips.ts";
import { parsePersona, parseScript } from "./persona-script.ts";
import { createSimulatedTelephony } from "./simulated-telephony.ts";
import { createToneTts } from "../../providers/instant-providers.ts";

describe("play:<file> persona steps", () => {
  let root: string;
  let audioDir: string;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "parley-play-"));
    audioDir = path.join(root, "voices");
    fs.mkdirSync(path.join(audioDir, "sub"), { recursive: true });
    // 0.5 s of a ramp at 8 kHz stereo: left and right differ, so the mono mix is their average.
    const stereo = new Int16Array(8000);
    for (let i = 0; i < 4000; i++) (stereo[2 * i] = 1000), (stereo[2 * i + 1] = 3000);
    fs.writeFileSync(path.join(audioDir, "stereo8k.wav"), encodeWav(stereo, 8000, 2));
    fs.writeFileSync(path.join(audioDir, "sub", "mono.wav"), encodeWav(new Int16Array(1600).fill(500), 16_000));
    fs.writeFileSync(path.join(root, "secret.wav"), encodeWav(new Int16Array(160), 16_000));
    fs.symlinkSync(path.join(root, "secret.wav"), path.join(audioDir, "escape.wav"));
    fs.symlinkSync(path.join(audioDir, "sub", "mono.wav"), path.join(audioDir, "inside.wav"));
    fs.writeFileSync(path.join(audioDir, "notes.txt"), "not audio");
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  test("parses with an audio folder; refused without one, with the setting named", () => {
    assert.deepEqual(parseScript("play:001.wav;play: sub/a.wav ;hangup", { audioDir: "/x" }), [
      { kind: "play", file: "001.wav" },
      { kind: "play", file: "sub/a.wav" },
      { kind: "hangup" },
    ]);
    assert.throws(() => parseScript("play:001.wav;hangup"), /play needs SIMULATED_AUDIO_DIR/);
    assert.throws(() => parsePersona("play:001.wav", "+14155550100", { audioDir: null }), /SIMULATED_AUDIO_DIR/);
    assert.throws(() => parseScript("play:", { audioDir: "/x" }), /Invalid persona script step/);
  });

  test("absolute paths and .. are refused when the script is read", () => {
    for (const bad of ["/etc/passwd", "../secret.wav", "sub/../../secret.wav", "..\\secret.wav", "C:\\x.wav", "sub/"]) {
      assert.throws(() => parseScript(`play:${bad}`, { audioDir: "/x" }), /inside SIMULATED_AUDIO_DIR/, bad);
    }
  });

  test("symlinks leading outside, missing files and folders are refused before reading", async () => {
    await assert.rejects(resolveAudioFile(audioDir, "escape.wav"), /leads outside/);
    await assert.rejects(resolveAudioFile(audioDir, "nope.wav"), /no such file/);
    await assert.rejects(resolveAudioFile(audioDir, "sub"), /not a file/);
    await assert.rejects(resolveAudioFile(audioDir, "../secret.wav"), /outside/);
    await assert.rejects(resolveAudioFile(path.join(root, "missing-dir"), "a.wav"), /not a folder/);
    assert.equal(
      await resolveAudioFile(audioDir, "inside.wav"),
      fs.realpathSync(path.join(audioDir, "sub", "mono.wav")),
    );
    await assert.rejects(loadAudioClip(audioDir, "notes.txt", 16_000), /not a WAV file/);
  });

  test("any rate, mono or stereo, comes out mono at the line's rate", async () => {
    const pcm = await loadAudioClip(audioDir, "stereo8k.wav", 16_000);
    assert.equal(pcm.length, 8000); // 0.5 s at 16 kHz
    assert.equal(pcm[100], 2000);
    assert.deepEqual([...toMono(Int16Array.from([1, 3, -2, -4]), 2)], [2, -3]);
    assert.equal((await loadAudioClip(audioDir, "sub/mono.wav", 16_000)).length, 1600);
  });

  test("the simulated carrier refuses the call with the reason; a good file plays as the callee's voice", async () => {
    const tts = createToneTts();
    const signal = new AbortController().signal;
    const dial = (audioDir: string | null, persona: string) =>
      createSimulatedTelephony({ tts, ringMs: 10, audioDir }).dial({
        to: "+14155550100",
        callId: "c",
        persona,
        signal,
      });
    await assert.rejects(dial(null, "play:a.wav;hangup"), /SIMULATED_AUDIO_DIR/);
    await assert.rejects(dial(audioDir, "play:escape.wav;hangup"), /outside/);
    await assert.rejects(dial(audioDir, "play:nope.wav;hangup"), /no such file/);

    const leg = await dial(audioDir, "play:sub/mono.wav;hangup");
    const heard: number[] = [];
    // The callee waits for the agent to speak and fall quiet before each step: the "agent" talks a little.
    const agentTalks = () => {
      for (let i = 0; i < 20; i++) leg.send(new Int16Array(320).fill(8000));
    };
    const ended = new Promise<string>((resolve) =>
      leg.on((e) => {
        if (e.type === "audio" && e.frame.some((s) => s !== 0) && heard.push(...e.frame) === 1600)
          setTimeout(agentTalks, 50);
        if (e.type === "ended") resolve(e.reason);
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    agentTalks();
    assert.equal(await ended, "completed");
    assert.equal(heard.length, 1600);
    assert.ok(heard.every((s) => s === 500));
  });
});
