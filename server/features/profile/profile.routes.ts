import type { FastifyInstance } from "fastify";
import { AUTH_MESSAGES, UpdateProfileBodySchema } from "../../../common/contracts/auth";
import type { Auth } from "../../auth/auth";
import { memberOf } from "../../auth/guards";
import { refreshSessionIfDue } from "../../auth/session-refresh";
import type { ViewerResolver } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { toProfileDto, updateOwnProfile } from "./profile.service";

/** The signed-in member's own profile. */
export async function profileRoutes(app: FastifyInstance, { db, auth, viewers }: { db: Database; auth: Auth; viewers: ViewerResolver }): Promise<void> {
  app.get("/api/me", { config: { api: { summary: "The signed-in viewer, or null" } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const viewer = request.viewer;
    if (!viewer) return { user: null };
    const cookies = await refreshSessionIfDue(auth, viewer, request.headers);
    if (cookies.length > 0) {
      reply.header("set-cookie", cookies);
      viewers.forgetToken(viewer.sessionToken);
    }
    return { user: toProfileDto(viewer) };
  });

  app.patch("/api/me/profile", { config: { api: { summary: "Change the viewer's name or picture", body: UpdateProfileBodySchema, access: "member" } } }, async (request) => {
    const viewer = memberOf(request, AUTH_MESSAGES.mustBeLoggedInForProfile);
    const body = UpdateProfileBodySchema.parse(request.body);
    const user = await updateOwnProfile(db, viewer.userId, body);
    viewers.forgetUser(viewer.userId);
    return { user };
  });
}
