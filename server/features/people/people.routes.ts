import type { FastifyInstance } from "fastify";
import {
  DirectoryQuerySchema,
  MemberProfileInputSchema,
  PersonIdParamsSchema,
  type DirectoryFilters,
  type DirectoryPage,
  type OwnMemberProfile,
  type PersonProfile,
} from "../../../common/contracts/people";
import { memberOf, requireAdmin, requireMember } from "../../auth/guards";
import type { Database } from "../../db/client";
import { directoryFiltersReader } from "./directory-filters";
import { listDirectory } from "./directory.service";
import { getOwnMemberProfile, saveOwnMemberProfile } from "./own-profile.service";
import { getPersonProfile } from "./person-profile.service";
import { setProfileTextHidden } from "./text-hiding.service";

/** How long an instance serves the same filter choices (directory-filters.ts). */
const FILTERS_MAX_AGE_MS = 60_000;

/** Member profiles and the member directory (README: Member directory and profiles): signed-in members only. */
export async function peopleRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const readFilters = directoryFiltersReader(db, FILTERS_MAX_AGE_MS);

  app.get("/api/people", { config: { api: { summary: "The member directory", query: DirectoryQuerySchema } }, preHandler: requireMember }, async (request): Promise<DirectoryPage> => listDirectory(db, memberOf(request), DirectoryQuerySchema.parse(request.query)));

  app.get("/api/people/filters", { config: { api: { summary: "The directory's filter choices" } }, preHandler: requireMember }, async (): Promise<DirectoryFilters> => readFilters());

  app.get("/api/people/:id", { config: { api: { summary: "A member's profile", params: PersonIdParamsSchema } }, preHandler: requireMember }, async (request): Promise<PersonProfile> => {
    const { id } = PersonIdParamsSchema.parse(request.params);
    return getPersonProfile(db, memberOf(request), id);
  });

  app.get("/api/me/member-profile", { config: { api: { summary: "The viewer's directory profile" } }, preHandler: requireMember }, async (request, reply): Promise<OwnMemberProfile> => {
    reply.header("cache-control", "no-store");
    return getOwnMemberProfile(db, memberOf(request).userId);
  });

  app.put("/api/me/member-profile", { config: { api: { summary: "Save the viewer's directory profile", body: MemberProfileInputSchema } }, preHandler: requireMember }, async (request): Promise<OwnMemberProfile> => {
    const viewer = memberOf(request);
    return saveOwnMemberProfile(db, viewer.userId, MemberProfileInputSchema.parse(request.body));
  });

  app.put("/api/admin/people/:id/text-hidden", { config: { api: { summary: "Hide a member's profile text", params: PersonIdParamsSchema } }, preHandler: requireAdmin }, async (request) => {
    const { id } = PersonIdParamsSchema.parse(request.params);
    return setProfileTextHidden(db, memberOf(request), id, true);
  });

  app.delete("/api/admin/people/:id/text-hidden", { config: { api: { summary: "Show a member's profile text again", params: PersonIdParamsSchema } }, preHandler: requireAdmin }, async (request) => {
    const { id } = PersonIdParamsSchema.parse(request.params);
    return setProfileTextHidden(db, memberOf(request), id, false);
  });
}
