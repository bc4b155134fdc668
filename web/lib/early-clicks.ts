import { useEffect } from "react";
import { EARLY_CLICKS } from "../../common/early-clicks";

type EarlyClickWindow = Window & { [EARLY_CLICKS]?: HTMLButtonElement[] | null };

/**
 * Once the app has taken the server's page over, stops holding clicks and clicks again the last
 * button the visitor clicked before (common/early-clicks.ts). One, the last: clicking a menu button
 * twice while waiting means one menu, not an open and a close.
 */
export function useReleaseEarlyClicks(): void {
  useEffect(() => {
    const held = (window as EarlyClickWindow)[EARLY_CLICKS];
    if (!held) return;
    (window as EarlyClickWindow)[EARLY_CLICKS] = null;
    const last = held.at(-1);
    if (last?.isConnected) last.click();
  }, []);
}
