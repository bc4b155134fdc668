/** When every slot is taken and this many tasks already wait, the next one is refused at once with `refuse()`. */
export interface WaitingLimit {
  maxWaiting: number;
  refuse(waiting: number): Error;
}

/** Runs at most `slots` tasks at once; the others wait their turn in arrival order, as many as `limit` allows. */
export function createSlots(slots: number, limit?: WaitingLimit): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next task in line, so `running` only drops when nobody waits.
    if (next) next();
    else running -= 1;
  };
  return async (task) => {
    if (running < slots) running += 1;
    else if (limit && waiting.length >= limit.maxWaiting) throw limit.refuse(waiting.length);
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
