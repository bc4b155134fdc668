import { MAX_MENTIONS } from "../../../common/contracts/community";

/** A mention is "@" then a member's full name, as written in their profile (case does not matter). */
const MENTION_START = /(^|[^\p{L}\p{N}_@])@(?=[\p{L}\p{N}])/gu;
/** Longest name a mention may carry. */
const MENTION_TEXT_LENGTH = 80;
/** A character that may continue a name: a mention of "Ann" does not end inside "Anna". */
const NAME_CHARACTER = /[\p{L}\p{N}_]/u;

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

/** Whether one of the mentions starts with `name` (any case) followed by the end or a character that cannot continue a name. */
export function isNamedIn(candidates: string[], name: string): boolean {
  const wanted = name.toLowerCase();
  if (wanted.length === 0) return false;
  return candidates.some((candidate) => {
    if (!candidate.toLowerCase().startsWith(wanted)) return false;
    const next = candidate.charAt(wanted.length);
    return next === "" || !NAME_CHARACTER.test(next);
  });
}
