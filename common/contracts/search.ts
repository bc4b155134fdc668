import { z } from "zod";
import { RESOURCE_TIERS } from "../content";
import { PAID_TIERS } from "../tiers";

/** Longest query the search accepts; longer input is refused (400) rather than cut silently. */
export const SEARCH_QUERY_MAX = 200;
/** Results per answer: the best matches across every kind, in one ranked list. */
export const SEARCH_RESULTS_LIMIT = 30;

/** GET /api/search?q= */
export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1, "Search needs at least one word").max(SEARCH_QUERY_MAX, `Search must be at most ${SEARCH_QUERY_MAX} characters`),
});

export const SEARCH_KINDS = ["post", "reply", "resource", "video", "session"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * A piece of text, marked when it is a word the query matched. The browser renders each piece as
 * text (a match inside <mark>), so nothing a member wrote is ever read as HTML.
 */
export const TextPieceSchema = z.object({ text: z.string(), match: z.boolean() });
export type TextPiece = z.infer<typeof TextPieceSchema>;

export const SearchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  /** Title of a resource, video or session; for posts and replies the author's name. */
  title: z.array(TextPieceSchema),
  /** The passage around the matched words (whole text when short). */
  snippet: z.array(TextPieceSchema),
  /** A resource's tier, or the access level of a post, reply, video or session (the same values but "free"). */
  level: z.enum(RESOURCE_TIERS),
  /** A resource the viewer's plan does not open: listed, like in the library, without its file. */
  locked: z.boolean(),
  /** The plan that opens a locked result. */
  requiredPlan: z.enum(PAID_TIERS).nullable(),
  /** When it was posted, released or held (ISO date or timestamp). */
  date: z.string(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = z.object({ query: z.string(), results: z.array(SearchResultSchema) });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
