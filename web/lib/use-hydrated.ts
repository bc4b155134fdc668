import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False on the server and while React hydrates the server's HTML, true from then on. A form the
 * server rendered keeps its submit button disabled until then: a click before the script runs would
 * otherwise submit the form natively, reloading the page with the visitor's answers in its address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(neverChanges, () => true, () => false);
}
