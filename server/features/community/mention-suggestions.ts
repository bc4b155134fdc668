import type { FastifyInstance } from "fastify";
import { and, asc, eq, ilike, ne, or } from "drizzle-orm";
import { MentionSuggestionQuerySchema, type MentionSuggestions } from "../../../common/contracts/community";
import { users } from "../../auth/auth.table";
import { memberOf, requireMember } from "../../auth/guards";
import type { Database } from "../../db/client";

/** How many members the mention list offers at once. */
const SUGGESTIONS = 8;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The mention list of the post and reply boxes: active members whose full name, or a word of it,
 * starts with what follows the "@". Members already see each other's names on posts; the list adds
 * the plan and the month they joined so two members of the same name can be told apart.
 */
export async function mentionSuggestionRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get("/api/community/mention-suggestions", { config: { api: { summary: "Members to @mention, by name prefix", query: MentionSuggestionQuerySchema } }, preHandler: requireMember }, async (request): Promise<MentionSuggestions> => {
    const { q } = MentionSuggestionQuerySchema.parse(request.query);
    const prefix = escapeLike(q);
    const rows = await db
      .select({ id: users.id, name: users.name, role: users.role, tier: users.membershipTier, image: users.image, createdAt: users.createdAt })
      .from(users)
      .where(and(eq(users.isActive, true), ne(users.id, memberOf(request).userId), or(ilike(users.name, `${prefix}%`), ilike(users.name, `% ${prefix}%`))))
      .orderBy(asc(users.name), asc(users.createdAt))
      .limit(SUGGESTIONS);
    return {
      members: rows.map((row) => ({
        id: row.id,
        name: row.name,
        tier: row.role === "admin" ? "admin" : row.tier,
        profilePicture: row.image,
        memberSince: row.createdAt.toISOString(),
      })),
    };
  });
}
