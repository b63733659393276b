/**
 * One recognizer thread's backlog: when each write was posted, and how many the thread says it has taken. The
 * backlog is the age of the oldest frame posted and not yet decoded (0 when the thread keeps up); `work` moves
 * whenever the thread works, so a caller can tell a thread that is behind but progressing from a stuck one.
 */
export function createThreadBacklog(now: () => number = Date.now) {
  let posted: number[] = [];
  let head = 0; // posted[head] is the oldest write not yet taken
  let taken = 0; // writes taken off the thread's queue, as it last said
  let work = 0; // messages handled, as it last said
  return {
    posted(at = now()): void {
      posted.push(at);
    },
    /** The thread has taken `done` writes and handled `handled` messages in all (its progress message). */
    progress(done: number, handled = done): void {
      work = Math.max(work, handled);
      head += Math.max(0, done - taken);
      taken = Math.max(taken, done);
      if (head > 4096 && head * 2 > posted.length) {
        posted = posted.slice(head);
        head = 0;
      }
    },
    /** Age of the oldest write not yet decoded, ms. */
    backlogMs(at = now()): number {
      const oldest = posted[head];
      return oldest === undefined ? 0 : Math.max(0, at - oldest);
    },
    /** Messages handled so far: it grows while the thread works. */
    work: () => work,
  };
}

export type ThreadBacklog = ReturnType<typeof createThreadBacklog>;
