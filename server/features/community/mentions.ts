/** A mention is "@" then a member's full name, as written in their profile (case does not matter). */
const MENTION_START = /(^|[^\p{L}\p{N}_@])@(?=[\p{L}\p{N}])/gu;
/** Longest name a mention may carry, and how many mentions of one text are looked up. */
const MENTION_TEXT_LENGTH = 80;
const MAX_MENTIONS = 10;

/**
 * The text after each "@" that starts a mention, up to MENTION_TEXT_LENGTH characters: the
 * database then finds the longest member name each one starts with. Emails ("a@b.com") are not
 * mentions: the "@" must follow a space, punctuation or the start.
 */
export function mentionCandidates(content: string): string[] {
  const found: string[] = [];
  for (const match of content.matchAll(MENTION_START)) {
    const start = (match.index ?? 0) + match[0].length;
    found.push(content.slice(start, start + MENTION_TEXT_LENGTH));
    if (found.length === MAX_MENTIONS) break;
  }
  return found;
}
