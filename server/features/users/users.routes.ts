import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { UserChangeSchema, UsersQuerySchema, type AdminUser, type UsersPage } from "../../../common/contracts/users";
import { memberOf, requireAdmin } from "../../auth/guards";
import type { ViewerResolver } from "../../auth/viewer";
import type { Database } from "../../db/client";
import { changeUser, listUsers } from "./users.service";

const UserParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The admin area's user list and account changes. */
export async function usersRoutes(app: FastifyInstance, deps: { db: Database; viewers: ViewerResolver; graceDays: number }): Promise<void> {
  app.get("/api/admin/users", { preHandler: requireAdmin }, async (request): Promise<UsersPage> => {
    return listUsers(deps.db, UsersQuerySchema.parse(request.query));
  });

  app.patch("/api/admin/users/:id", { preHandler: requireAdmin }, async (request): Promise<AdminUser> => {
    const { id } = UserParamsSchema.parse(request.params);
    const change = UserChangeSchema.parse(request.body);
    const user = await changeUser(deps.db, memberOf(request), id, change, deps.graceDays);
    deps.viewers.forgetUser(id);
    return user;
  });
}
