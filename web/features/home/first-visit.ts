import { useSyncExternalStore } from "react";

/** Local-storage key of the first-visit flag (spec 000 §4): set on the first home page view. */
export const FIRST_VISIT_KEY = "inventors-community:visited";

let isFirstVisitThisLoad: boolean | undefined;

/**
 * True on the visitor's first visit: the home video then autoplays muted; later visits do not.
 * Decided once per page load, so a re-render or a return to home in the same visit keeps the answer.
 */
export function isFirstVisit(): boolean {
  if (isFirstVisitThisLoad !== undefined) return isFirstVisitThisLoad;
  try {
    isFirstVisitThisLoad = window.localStorage.getItem(FIRST_VISIT_KEY) === null;
    if (isFirstVisitThisLoad) window.localStorage.setItem(FIRST_VISIT_KEY, new Date().toISOString());
  } catch {
    // Storage blocked (private mode, policy): treat as a returning visitor, never autoplay.
    isFirstVisitThisLoad = false;
  }
  return isFirstVisitThisLoad;
}

const neverChanges = () => () => {};

/**
 * isFirstVisit() for a render: false on the server and while the server's HTML is hydrated (the
 * server cannot know), then the browser's answer, so hydration never meets a different attribute.
 */
export function useIsFirstVisit(): boolean {
  return useSyncExternalStore(neverChanges, isFirstVisit, () => false);
}
