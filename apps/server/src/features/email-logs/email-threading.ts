/** Pure helpers that decide which thread an email belongs to. */

const REPLY_PREFIX = /^\s*(re|fw|fwd|aw|sv|wg|antw)\s*(\[\d+\])?\s*:\s*/i;

/** The subject without reply/forward prefixes, lower-cased and with spaces collapsed. */
export function subjectKey(subject: string): string {
  let s = subject.trim();
  for (let prev = ""; prev !== s; ) {
    prev = s;
    s = s.replace(REPLY_PREFIX, "");
  }
  return s.replace(/\s+/g, " ").toLowerCase();
}

/** Message-IDs named by In-Reply-To and References, in the order given, each as `<id>`, without repeats. */
export function referenceIds(inReplyTo: string | undefined, references: string | string[] | undefined): string[] {
  const raw = [inReplyTo ?? "", ...(Array.isArray(references) ? references : [references ?? ""])].join(" ");
  const ids =
    raw.match(/<[^<>\s]+>/g) ??
    raw
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => `<${id}>`);
  return [...new Set(ids.map(normalizeMessageId))];
}

/** Message-IDs compare exactly except for the angle brackets some senders leave out. */
export function normalizeMessageId(id: string): string {
  const bare = id.trim().replace(/^<|>$/g, "");
  return `<${bare}>`;
}

/** The bare address of "Name <a@b.c>" or "a@b.c", lower-cased; null when there is none. */
export function addressOf(value: string): string | null {
  const m = value.match(/<([^<>\s]+@[^<>\s]+)>/) ?? value.match(/([^\s<>,;"]+@[^\s<>,;"]+)/);
  return m ? m[1]!.toLowerCase() : null;
}
