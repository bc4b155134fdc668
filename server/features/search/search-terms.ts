/** Words a search uses at most; more only slow the query without narrowing what a person means. */
const MAX_TERMS = 8;
/** Longer "words" are pasted tokens or garbage; none of our texts has a word this long. */
const MAX_TERM_LENGTH = 40;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The words of a member's query, lower-cased, each once, in order. Only letters and digits survive,
 * so nothing of to_tsquery's syntax (& | ! ( ) : * ') can reach the query from the input.
 */
export function searchTerms(input: string): string[] {
  const words = (input.normalize("NFKC").toLowerCase().match(WORD) ?? []).filter((word) => word.length <= MAX_TERM_LENGTH);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/**
 * to_tsquery text in which every word also matches as a prefix ("manu" finds "manufacturer"):
 * `joiner` "&" for results that hold every word, "|" for marking any matched word in a text.
 */
export const prefixQuery = (terms: string[], joiner: "&" | "|"): string => terms.map((term) => `${term}:*`).join(` ${joiner} `);
