import { useCallback, useEffect, useState } from "react";

/** Returns `schedule(fn, ms)`; every pending timer is cleared when the component unmounts. */
export function useTimers(): (callback: () => void, ms: number) => void {
  const [timers] = useState(() => new Set<number>());
  useEffect(() => () => {
    for (const id of timers) window.clearTimeout(id);
    timers.clear();
  }, [timers]);
  return useCallback(
    (callback: () => void, ms: number) => {
      const id = window.setTimeout(() => {
        timers.delete(id);
        callback();
      }, ms);
      timers.add(id);
    },
    [timers],
  );
}
