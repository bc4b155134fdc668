/** Runs at most `slots` tasks at once; the others wait their turn in arrival order. */
export function createSlots(slots: number): <T>(task: () => Promise<T>) => Promise<T> {
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
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
