/** Words of a search that count; more are ignored (a name and a couple of topics is what people type). */
const MAX_WORDS = 6;
const MAX_WORD_LENGTH = 40;

/**
 * The search box's words as a prefix query for `to_tsquery('simple', …)`: "Ada, proto" → "ada:* & proto:*".
 * Only letters and digits survive, so nothing the member typed can reach the query syntax
 * (`&`, `|`, `!`, `:`, quotes, parentheses); null when no word remains.
 */
export function prefixQueryOf(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "")
    .slice(0, MAX_WORDS)
    .map((word) => `${word.slice(0, MAX_WORD_LENGTH)}:*`);
  return words.length > 0 ? words.join(" & ") : null;
}
