import { NEGATION } from "./evidence.ts";
import type { AnswerRule } from "./rules.ts";
import { terms } from "./words.ts";

/**
 * Rules on what the question itself names: an option said aloud ("dash p"), a default. Each was seen missing on
 * documents nobody here wrote (tests/kb-sixth-set), and holds for any document.
 */

// "The dash p option", "dash dash verbose": an option as a caller says it, and as a document writes it.
const SPOKEN_OPTION = /\b(?:dash|minus) (dash |minus )?([a-z]\b|[a-z][\w-]+)/;

/** The option a question says aloud, written as documents write it ("-p", "--verbose"), or null. */
export function spokenOption(question: string): string | null {
  const m = SPOKEN_OPTION.exec(question);
  return m ? `${m[1] ? "--" : "-"}${m[2]}` : null;
}

// "If bc is invoked with the -l option, …": a value under a condition the caller did not give.
const CONDITION = /^(?:if|when|whenever|unless|with|once)\b([^,]{3,80}),/i;

export const ASKED_TERMS_RULES: AnswerRule[] = [
  {
    id: "names-the-option",
    refuses: ({ q, spoken }) => {
      const option = spokenOption(q.text);
      if (!option) return null;
      const written = new RegExp(`(?:^|[\\s(\\[,'"“])${option.replace(/[-]/g, "\\-")}(?![\\w-])`);
      return written.test(spoken) ? null : `It does not name ${option}, the option asked about.`;
    },
  },
  {
    id: "answers-unconditionally",
    refuses: ({ q, spoken }) => {
      if (!/\bdefault\b/.test(q.text)) return null;
      const condition = CONDITION.exec(spoken)?.[1];
      // "If you haven't specified an editor, …" is the default case itself: nothing set.
      if (condition && NEGATION.test(condition)) return null;
      const asked = new Set(q.terms);
      const extra = condition ? terms(condition).filter((t) => !asked.has(t) && t.length > 2) : [];
      return extra.length ? "It gives the value under a condition, not the default asked for." : null;
    },
  },
];
