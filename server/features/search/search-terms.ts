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
 */
export function prefixTsQuery(terms: string[], joiner: "&" | "|"): SQL {
  const words = terms.map(
    (term) => sql`(select case when numnode(stemmed) = 0 then stemmed else stemmed || to_tsquery('simple', ${`${term}:*`}) end
      from (select to_tsquery('english', ${`${term}:*`}) as stemmed) as word)`,
  );
  return sql.join(words, joiner === "&" ? sql` && ` : sql` || `);
}
