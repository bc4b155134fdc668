import { sql } from "drizzle-orm";
import { z } from "zod";
import type { TextPiece } from "../../../common/contracts/search";
import type { Database } from "../../db/client";
import { prefixTsQuery } from "./search-terms";

/** Splits text into words and what lies between them; odd indexes are words. */
const WORD_SPLIT = /([\p{L}\p{N}]+)/u;
/** Texts up to this length are shown whole; longer ones as a passage around the first match. */
const SNIPPET_LENGTH = 220;
/** How much text the passage keeps before the first matched word. */
const LEAD_LENGTH = 60;

const MatchedRowsSchema = z.object({ rows: z.array(z.object({ word: z.string() })) });

/**
 * The words of `texts` that the query matches, decided by PostgreSQL with the same dictionary as the
 * search (stemming included: "manufacturing" marks "manufacturers"). Only words sharing their first
 * letters with a query term are asked about: a stem always keeps a word's first three letters.
 */
export async function matchedWords(db: Database, terms: string[], texts: string[]): Promise<Set<string>> {
  const heads = terms.map((term) => term.slice(0, 3));
  const candidates = new Set<string>();
  for (const text of texts) {
    for (const word of text.split(WORD_SPLIT).filter((_, index) => index % 2 === 1)) {
      const lower = word.toLowerCase();
      if (heads.some((head) => lower.startsWith(head))) candidates.add(lower);
    }
  }
  if (candidates.size === 0) return new Set();
  const result = MatchedRowsSchema.parse(
    await db.execute(sql`
      select word from json_array_elements_text(${JSON.stringify([...candidates])}::json) as word
      where to_tsvector('english', word) @@ (${prefixTsQuery(terms, "|")})`),
  );
  return new Set(result.rows.map((row) => row.word));
}

/** `text` as pieces, the matched words marked. */
export function markMatches(text: string, matched: Set<string>): TextPiece[] {
  const pieces: TextPiece[] = [];
  text.split(WORD_SPLIT).forEach((part, index) => {
    if (part === "") return;
    const match = index % 2 === 1 && matched.has(part.toLowerCase());
    const last = pieces.at(-1);
    if (last && !last.match && !match) last.text += part;
    else pieces.push({ text: part, match });
  });
  return pieces;
}

/** The passage of `text` around its first matched word (the start when none), cut at word boundaries. */
export function snippetOf(text: string, matched: Set<string>): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= SNIPPET_LENGTH) return flat;
  const parts = flat.split(WORD_SPLIT);
  let offset = 0;
  let firstMatch = 0;
  for (const [index, part] of parts.entries()) {
    if (index % 2 === 1 && matched.has(part.toLowerCase())) {
      firstMatch = offset;
      break;
    }
    offset += part.length;
  }
  const start = firstMatch <= LEAD_LENGTH ? 0 : flat.lastIndexOf(" ", firstMatch - LEAD_LENGTH) + 1;
  const end = start + SNIPPET_LENGTH >= flat.length ? flat.length : flat.lastIndexOf(" ", start + SNIPPET_LENGTH);
  const cutEnd = end > firstMatch ? end : start + SNIPPET_LENGTH;
  return `${start > 0 ? "… " : ""}${flat.slice(start, cutEnd).trim()}${cutEnd < flat.length ? " …" : ""}`;
}
