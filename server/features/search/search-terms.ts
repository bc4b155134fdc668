import { sql, type SQL } from "drizzle-orm";

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
 * A tsquery in which every word also matches as a prefix ("manu" finds "manufacturer"): `joiner` "&"
 * for results that hold every word, "|" for marking any matched word in a text. Each word matches
 * stemmed, as the texts are indexed, or as typed: stemming a part of a word can change its end
 * ("gizmomwy" becomes "gizmomwi"), which misses words indexed unstemmed, such as those with digits
 * ("gizmomwy0exz1"). A stop word alone stays empty, so it is ignored as before.
 *
 * Only immutable functions of bound values, so the planner folds the whole query into a constant
 * before planning and sees how common its words are (which decides between the word index and the
 * date index), without a statement of its own to compute it.
 */
export function prefixTsQuery(terms: string[], joiner: "&" | "|"): SQL {
  const words = terms.map((term) => {
    const prefix = `${term}:*`;
    const stemmed = sql`to_tsquery('english', ${prefix})`;
    // A word that starts with its stem ("manufacturer", 'manufactur':*) is matched by the stem's prefix
    // already: the index would be scanned twice for the same lexemes (it does not merge equal prefixes).
    const stem = sql`split_part(${stemmed}::text, '''', 2)`;
    return sql`(case when numnode(${stemmed}) = 0 or starts_with(${term}, ${stem}) then ${stemmed} else ${stemmed} || to_tsquery('simple', ${prefix}) end)`;
  });
  return sql`(${sql.join(words, joiner === "&" ? sql` && ` : sql` || `)})`;
}
