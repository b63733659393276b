/**
 * The order documents are indexed in: each organisation's in the order they were uploaded, organisations side by
 * side. At most one document of an organisation is indexed at a time and at most `slots` at once; when one ends,
 * its organisation goes behind the others waiting. So one organisation's backlog holds one slot, and another's
 * document starts at once (or as soon as a slot frees, never behind that backlog).
 */
export function createFairQueue(o: { slots: number; run: (id: string) => Promise<void> }) {
  // Organisation → its documents waiting, in the order the organisations take turns.
  const waiting = new Map<string, string[]>();
  const indexing = new Set<string>();
  const settled: Array<() => void> = [];

  function next(): void {
    for (const [org, ids] of waiting) {
      if (indexing.size >= o.slots) break;
      if (indexing.has(org)) continue;
      const id = ids.shift()!;
      if (ids.length === 0) waiting.delete(org);
      indexing.add(org);
      void o.run(id).finally(() => {
        indexing.delete(org);
        const rest = waiting.get(org);
        if (rest) {
          // Its turn is over: the organisation waits behind the others.
          waiting.delete(org);
          waiting.set(org, rest);
        }
        next();
      });
    }
    if (indexing.size === 0) for (const done of settled.splice(0)) done();
  }

  return {
    push(orgId: string, ids: string[]): void {
      if (ids.length === 0) return;
      waiting.set(orgId, [...(waiting.get(orgId) ?? []), ...ids]);
      next();
    },
    /** Resolves once nothing is indexing or waiting. */
    idle(): Promise<void> {
      if (indexing.size === 0) return Promise.resolve();
      return new Promise((resolve) => settled.push(resolve));
    },
  };
}
