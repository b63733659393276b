import type { EndpointPolicy } from "../../../packages/voice/src/turn-taking/endpoint-policy.ts";

/**
 * One silence whatever was said: the session's endpoint before turn-taking listened to the words. Nothing
 * ships it; the turn-taking tests and benchmark measure the word-aware policy against it.
 */
export function fixedEndpoint(silenceMs: number): EndpointPolicy {
  return {
    endOfTurnSilenceMs: silenceMs,
    completeTurnSilenceMs: silenceMs,
    midPhraseSilenceMs: silenceMs,
    shortAnswerMs: 0,
    shortAnswerSilenceMs: silenceMs,
  };
}
