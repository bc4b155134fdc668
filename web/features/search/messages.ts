import type { SearchKind } from "../../../common/contracts/search";

/** Texts of the search box and the results page. */
export const SEARCH_MESSAGES = {
  label: "Search",
  placeholder: "Search everything…",
  title: "Search",
  description: "Posts, replies, resources, training videos and mastermind sessions in one list, best matches first.",
  prompt: "Type a word or two above: every word counts as the start of a word, so “manu” finds manufacturing.",
  noResults: (query: string) => `Nothing matches “${query}”`,
  noResultsHint: "Try fewer words, or the start of a word. Content above your plan is not listed, except resources, which show the plan that opens them.",
  failed: "We could not search just now. Please try again in a moment.",
  retry: "Try again",
  loading: "Searching",
  count: (count: number, query: string) => `${count === 1 ? "1 result" : `${count} results`} for “${query}”`,
} as const;

/** What each kind of result is called, and where its list lives. */
export const KIND_LABELS: Record<SearchKind, string> = {
  post: "Community post",
  reply: "Community reply",
  resource: "Resource",
  video: "Training video",
  session: "Mastermind session",
};
