import type { Page } from "@playwright/test";

interface BriefState {
  /** Text the state shows, in one text node (a message). */
  text?: string;
  /** Or an element the state shows (a progress bar). */
  selector?: string;
  /** Controls that must be disabled at that moment, by their label, aria-label or text, looked up in the state's dialog (else the page). */
  disabled?: string[];
}

/**
 * Waits for a state the app shows only for a moment: a message before a timed close or redirect, a
 * progress bar. It is checked in the page on every animation frame, in one look with the controls
 * that must be locked then. expect()'s checks are round trips that a loaded machine spaces 500 ms or
 * more apart, so one can step over a 1 s message, or see the message and then not find the dialog.
 */
export async function waitForBriefState(page: Page, state: BriefState, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    ({ text, selector, disabled }) => {
      const shown = (element: Element | null | undefined): element is Element => Boolean(element?.checkVisibility());
      let holder: Element | null = null;
      if (selector) holder = [...document.querySelectorAll(selector)].find(shown) ?? null;
      if (text) {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node && !holder; node = walker.nextNode()) {
          if (node.textContent?.includes(text) && shown(node.parentElement)) holder = node.parentElement;
        }
      }
      if (!holder) return false;
      const scope = holder.closest("[role='dialog'], dialog") ?? document.body;
      const named = (name: string) =>
        [...scope.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("button, input, select, textarea")].filter(
          (control) =>
            control.getAttribute("aria-label") === name ||
            (control instanceof HTMLButtonElement && control.textContent?.trim() === name) ||
            [...(control.labels ?? [])].some((label) => label.textContent?.replace(/\s*\*\s*$/, "").trim() === name),
        );
      const notLocked = (disabled ?? []).filter((name) => {
        const controls = named(name);
        return controls.length === 0 || controls.some((control) => !control.matches(":disabled"));
      });
      if (notLocked.length > 0) Object.assign(window, { briefStateMiss: `shown, but not disabled: ${notLocked.join(", ")}` });
      return notLocked.length === 0;
    },
    { text: state.text, selector: state.selector, disabled: state.disabled },
    { timeout },
  ).catch(async (error: unknown) => {
    const miss = await page.evaluate(() => (window as { briefStateMiss?: string }).briefStateMiss).catch(() => undefined);
    throw new Error(`${JSON.stringify(state)} was never seen${miss ? ` (${miss})` : ""}: ${String(error)}`);
  });
}
