/**
 * Work still running, so that a stop can wait until none is left. pg-boss (10.4) leaves some of its own work
 * unawaited: a stop that begins while a worker's fetch is in flight resolves before the fetch returns, whose jobs
 * then run, and each job's `complete` or `fail` is issued without being awaited. Once the database closed, that
 * last call rejected with nobody to catch it (an unhandled rejection, which ends a Node process).
 */
export interface InFlight {
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves once a whole turn of the event loop passed with nothing tracked running, or at the deadline. */
  settle(deadline: number): Promise<void>;
}

export function createInFlight(): InFlight {
  const running = new Set<Promise<unknown>>();
  return {
    track(work) {
      running.add(work);
      const forget = () => running.delete(work);
      work.then(forget, forget);
      return work;
    },
    async settle(deadline) {
      // A fetch's jobs start their handler, and a handler's end issues complete or fail, a turn later.
      while (Date.now() < deadline) {
        if (running.size > 0) await Promise.race([Promise.allSettled(running), new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())))]);
        await new Promise((resolve) => setImmediate(resolve));
        if (running.size === 0) return;
      }
    },
  };
}
