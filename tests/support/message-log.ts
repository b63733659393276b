/**
 * The messages a test's socket received, and a wait for the first that matches: resolved as soon as it is in,
 * or failed after `ms` with what did arrive (the bound only keeps a broken test from hanging).
 */
export function createMessageLog<T>() {
  const messages: T[] = [];
  const waiters: (() => void)[] = [];
  return {
    messages,
    push(m: T) {
      messages.push(m);
      waiters.splice(0).forEach((w) => void w());
    },
    waitFor(pred: (m: T) => boolean, what: string, ms = 20_000): Promise<T> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${what} in ${ms} ms; got ${JSON.stringify(messages)}`)),
          ms,
        );
        const check = () => {
          const m = messages.find(pred);
          if (m === undefined) return void waiters.push(check);
          clearTimeout(timer);
          resolve(m);
        };
        check();
      });
    },
  };
}
