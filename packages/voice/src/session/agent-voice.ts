// 200 ms of audio: about a short word.
const A_WORD_FRAMES = 10;

/** One sentence of the agent's reply, as frames, and how much of it the callee really heard. */
type Utterance = { text: string; frames: Int16Array[]; played: number; complete: boolean };

/**
 * The agent's outbound audio queue. The pacer pulls one frame per tick; barge-in pauses it at once, then
 * either resumes (a backchannel) or clears it (a real interruption). It knows what was actually played,
 * so the transcript keeps only what the callee heard.
 */
export function createAgentVoice() {
  let queue: Utterance[] = [];
  let paused = false;
  let spoken: Utterance[] = []; // this turn's sentences, played or not

  return {
    /** A new sentence; frames are appended as TTS produces them, then `complete()`. */
    begin(text: string) {
      const u: Utterance = { text, frames: [], played: 0, complete: false };
      queue.push(u);
      spoken.push(u);
      return {
        push: (frame: Int16Array) => u.frames.push(frame),
        complete: () => {
          u.complete = true;
        },
      };
    },
    /** The next frame to send, or null when there is nothing to play (or playback is paused). */
    nextFrame(): Int16Array | null {
      if (paused) return null;
      for (let u = queue[0]; u; u = queue[0]) {
        const frame = u.frames[u.played];
        if (frame) {
          u.played++;
          return frame;
        }
        if (!u.complete) return null; // TTS is still producing this sentence
        queue.shift();
      }
      return null;
    },
    /** Audio queued or still being synthesised. */
    busy: () => queue.length > 0,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
    },
    isPaused: () => paused,
    /** Drops everything not yet played. */
    clear(): void {
      queue = [];
      paused = false;
    },
    /** Ends the turn: the text the callee heard, and whether the agent was cut off. */
    takeTurn(): { text: string; interrupted: boolean } {
      const heard: string[] = [];
      let interrupted = false;
      for (const u of spoken) {
        if (u.complete && u.played >= u.frames.length) {
          heard.push(u.text);
          continue;
        }
        interrupted = true;
        // A sentence cut off in its first word, once a word's worth of it was played, was heard begun: the transcript
        // keeps that word (a callee who barges in 200 ms into a long greeting must not leave the agent's line out).
        const share = u.played / Math.max(1, u.frames.length);
        const part = u.played >= A_WORD_FRAMES ? cutWords(u.text, share) : "";
        if (part) heard.push(part);
      }
      spoken = [];
      return { text: heard.join(" ").trim(), interrupted };
    },
  };
}

export type AgentVoice = ReturnType<typeof createAgentVoice>;

/** The words spoken in the first `share` of a sentence's audio (words take roughly equal time), at least one. */
function cutWords(text: string, share: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  const n = Math.max(1, Math.floor(words.length * Math.min(1, Math.max(0, share))));
  return n > 0 ? `${words.slice(0, n).join(" ")}…` : "";
}
