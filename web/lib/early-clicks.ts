import { useEffect } from "react";
import { EARLY_CLICKS } from "../../common/early-clicks";

type EarlyClickWindow = Window & { [EARLY_CLICKS]?: HTMLButtonElement[] | null };

/**
 * Rendered beside a server-rendered page's content, inside the innermost lazy boundary that holds
 * it: its effect runs once that boundary has hydrated, which the root layout's would not wait for
 * (React commits the root while lazy sections still wait for their chunks, and drops a click that
 * reaches one of them). It then stops holding clicks and clicks again the last button the visitor
 * clicked before (common/early-clicks.ts). One, the last: clicking a menu button twice while waiting
 * means one menu, not an open and a close.
 */
export function ReleaseEarlyClicks(): null {
  useEffect(() => {
    const held = (window as EarlyClickWindow)[EARLY_CLICKS];
    if (!held) return;
    (window as EarlyClickWindow)[EARLY_CLICKS] = null;
    const last = held.at(-1);
    if (last?.isConnected) last.click();
  }, []);
  return null;
}
