import type { FastifyInstance } from "fastify";
import { AUTH_MESSAGES, UpdateProfileBodySchema } from "../../../common/contracts/auth";
import { memberOf } from "../../auth/guards";
import type { ViewerResolver } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { toProfileDto, updateOwnProfile } from "./profile.service";

/** The signed-in member's own profile. */
export async function profileRoutes(app: FastifyInstance, { db, viewers }: { db: Database; viewers: ViewerResolver }): Promise<void> {
  app.get("/api/me", async (request, reply) => {
    reply.header("cache-control", "no-store");
    return { user: request.viewer ? toProfileDto(request.viewer) : null };
  });

  app.patch("/api/me/profile", async (request) => {
    const viewer = memberOf(request, AUTH_MESSAGES.mustBeLoggedInForProfile);
    const body = UpdateProfileBodySchema.parse(request.body);
    const user = await updateOwnProfile(db, viewer.userId, body);
    viewers.forgetUser(viewer.userId);
    return { user };
  });
}
