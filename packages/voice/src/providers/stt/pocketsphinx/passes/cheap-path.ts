/**
 * When a call's recogniser falls behind, it takes the cheaper path: the call's domain pass is not fed for the next
 * utterance, and the general English pass (and the answers' pass while the agent expects an answer) hear it alone.
 * Not the other way round, though the general pass costs three times as much: a domain pass alone hears speech
 * outside the campaign as the campaign's phrases ("eight of spades" as "eight o'clock"), and acts on them.
 * Decided at an utterance's first frame, never half way through one; behind from BEHIND_MS of backlog, caught up
 * again under CAUGHT_UP_MS (hysteresis, so a call does not flap between the two paths).
 */
export const BEHIND_MS = 800;
export const CAUGHT_UP_MS = 200;

export function createCheapPath(backlogMs: () => number, o: { always?: boolean } = {}) {
  let cheap = false;
  let utterances = 0;
  return {
    /** At an utterance's first frame: whether this utterance goes without the domain pass. */
    decide(): boolean {
      const behind = backlogMs();
      if (o.always || behind >= BEHIND_MS) cheap = true;
      else if (behind < CAUGHT_UP_MS) cheap = false;
      if (cheap) utterances++;
      return cheap;
    },
    /** Utterances heard on the cheaper path so far. */
    utterances: () => utterances,
  };
}
