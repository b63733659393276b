import fs from "node:fs";

/**
 * How well a pass explains the audio: the lattice's total log-likelihood, "Normalizer P(O)", which
 * libpocketsphinx computes in its best-path search but only writes to its log (no call returns it). The log
 * is one file for the whole process, so the search that writes it runs under a lock shared by the decoder
 * threads (a SharedArrayBuffer), and the lines it added are read back from where the file ended before.
 */
const MAX_LOG_BYTES = 4 * 1024 * 1024;

export type LikelihoodReader = {
  /** Runs `search` (the best-path search of a finished utterance) alone, with the log-likelihood it logged. */
  measure<T>(search: () => T): { value: T; logProb: number };
};

export function createLikelihoodReader(logFile: string, lock: Int32Array, flushLog: () => void): LikelihoodReader {
  return {
    measure(search) {
      acquire(lock);
      try {
        const from = fs.statSync(logFile).size;
        const value = search();
        flushLog(); // the log is a C stdio stream: its lines may still sit in its buffer
        const logged = readFrom(logFile, from);
        // The log is opened for appending: emptied here, it simply starts again at the beginning.
        if (from + logged.length > MAX_LOG_BYTES) fs.truncateSync(logFile, 0);
        return { value, logProb: normalizer(logged) };
      } finally {
        release(lock);
      }
    },
  };
}

/** The sum of the "Normalizer P(O) = alpha(…) = -123" lines (one per utterance; none: -Infinity). */
export function normalizer(log: string): number {
  const found = [...log.matchAll(/Normalizer P\(O\) = alpha\([^)]*\) = (-?\d+)/g)].map((m) => Number(m[1]));
  return found.length ? found.reduce((a, b) => a + b, 0) : -Infinity;
}

function readFrom(file: string, from: number): string {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    const buf = Buffer.alloc(Math.max(0, size - from));
    fs.readSync(fd, buf, 0, buf.length, from);
    return buf.toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}

function acquire(lock: Int32Array): void {
  while (Atomics.compareExchange(lock, 0, 0, 1) !== 0) Atomics.wait(lock, 0, 1, 50);
}

function release(lock: Int32Array): void {
  Atomics.store(lock, 0, 0);
  Atomics.notify(lock, 0, 1);
}
