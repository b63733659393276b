import type { AgentContext, Brain, BrainFactory } from "../../brain/brain.ts";
import type { AgentWords } from "./simulated-callee.ts";

/** One dialled simulated call waiting for its agent: what the callee should learn of it. */
export type AgentLink = AgentWords & { context(ctx: AgentContext): void };

/**
 * How a simulated callee knows what the agent said, so it can answer it like a person would.
 *
 * The leg carries only audio, and recognising the agent's speech in the callee would be a second, slower
 * and less reliable speech engine for no gain. The agent's words already exist as text where they are
 * made: the brain. So the brain factory is wrapped (where the providers are chosen, only when calls go
 * out through the simulated carrier) and each sentence it produces is passed to the callee of the same
 * call. The session creates the call's brain right after the dial returns, for the number it dialled:
 * the link is that number, claimed oldest first and dropped when the leg ends. A real carrier has no
 * such link, which is why this lives in the simulated one. The callee may "know" a sentence the agent
 * was cut off in; simulated callees only talk over the agent in explicit `barge:` scripts, which do not react.
 */
export function createAgentEars() {
  const waiting = new Map<string, AgentLink[]>();

  function claim(phone: string): AgentLink | null {
    const list = waiting.get(phone);
    const link = list?.shift() ?? null;
    if (list && !list.length) waiting.delete(phone);
    return link;
  }

  return {
    /** A dialled call whose agent has not started yet; returns the function that forgets it. */
    expect(phone: string, link: AgentLink): () => void {
      waiting.set(phone, [...(waiting.get(phone) ?? []), link]);
      return () => {
        const rest = (waiting.get(phone) ?? []).filter((l) => l !== link);
        if (rest.length) waiting.set(phone, rest);
        else waiting.delete(phone);
      };
    },

    /** The agent's brain factory, telling each simulated callee what its agent says. */
    listen(factory: BrainFactory): BrainFactory {
      return (ctx, tools) => {
        const brain = factory(ctx, tools);
        const link = claim(ctx.contact.phone);
        if (!link) return brain;
        link.context(ctx);
        return overheard(brain, link);
      };
    },
  };
}

function overheard(brain: Brain, link: AgentLink): Brain {
  const tell = (text: string) => (link.said(text), text);
  return {
    name: brain.name,
    greeting: () => tell(brain.greeting()),
    async *reply(calleeText, history, signal, confidence, heard) {
      link.thinking(true);
      try {
        for await (const sentence of brain.reply(calleeText, history, signal, confidence, heard)) yield tell(sentence);
      } finally {
        link.thinking(false);
      }
    },
    expecting: () => brain.expecting(),
    onSilence: (count) => tell(brain.onSilence(count)),
    voicemailMessage: () => tell(brain.voicemailMessage()),
    ...(brain.transferEnded
      ? {
          transferEnded: (r) => {
            const line = brain.transferEnded!(r);
            return line === null ? null : tell(line);
          },
        }
      : {}),
    finish: (transcript) => brain.finish(transcript),
  };
}
