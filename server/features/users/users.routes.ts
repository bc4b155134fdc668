import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  AuditLogQuerySchema,
  BulkEmailSchema,
  CreateUserSchema,
  DangerZoneConfirmSchema,
  UserChangeSchema,
  UsersQuerySchema,
  type AdminStats,
  type AdminUser,
  type AuditLogPage,
  type DangerZoneCounts,
  type UsersPage,
} from "../../../common/contracts/users";
import type { Auth } from "../../auth/auth";
import { memberOf, requireAdmin } from "../../auth/guards";
import type { ViewerResolver } from "../../auth/viewer";
import type { JobQueue } from "../../jobs/job-queue";
import { adminStats } from "./admin-stats";
import { listAuditLog } from "./audit-log";
import { emailUsers } from "./bulk-email";
import { dangerZoneCounts, deleteInactiveUsers, resetRoles } from "./danger-zone";
import { deleteUser, type DeletionDeps } from "./user-deletion";
import { changeUser, createUser, listUsers } from "./users.service";

/** Deleting accounts needs billing (subscriptions end first), the personal-data declarations and the file store. */
export interface UsersDeps extends DeletionDeps {
  viewers: ViewerResolver;
  graceDays: number;
  auth: Auth;
  /** Runs bulk email. */
  jobs: JobQueue;
}

const UserParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The admin area's accounts: list, changes, Add User, deletion, danger zone, bulk email, audit log, dashboard. */
export async function usersRoutes(app: FastifyInstance, deps: UsersDeps): Promise<void> {
  const { db, viewers } = deps;
  const forget = (ids: readonly string[]) => ids.forEach((id) => viewers.forgetUser(id));

  app.get("/api/admin/users", { config: { api: { summary: "List and search accounts", query: UsersQuerySchema } }, preHandler: requireAdmin }, async (request): Promise<UsersPage> => {
    return listUsers(db, UsersQuerySchema.parse(request.query));
  });

  app.post("/api/admin/users", { config: { api: { summary: "Create an account", body: CreateUserSchema, success: { status: 201 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const input = CreateUserSchema.parse(request.body);
    const user: AdminUser = await createUser(db, deps.auth, memberOf(request), input, deps.graceDays);
    return reply.code(201).send(user);
  });

  app.patch("/api/admin/users/:id", { config: { api: { summary: "Change an account (role, tier, status)", body: UserChangeSchema, params: UserParamsSchema } }, preHandler: requireAdmin }, async (request): Promise<AdminUser> => {
    const { id } = UserParamsSchema.parse(request.params);
    const change = UserChangeSchema.parse(request.body);
    const user = await changeUser(db, memberOf(request), id, change, deps.graceDays);
    forget([id]);
    return user;
  });

  app.delete("/api/admin/users/:id", { config: { api: { summary: "Delete an account", params: UserParamsSchema, success: { status: 204 } } }, preHandler: requireAdmin }, async (request, reply) => {
    const { id } = UserParamsSchema.parse(request.params);
    await deleteUser(deps, memberOf(request), id);
    forget([id]);
    return reply.code(204).send();
  });

  app.get("/api/admin/users/danger-zone", { config: { api: { summary: "Counts for the danger zone" } }, preHandler: requireAdmin }, async (request): Promise<DangerZoneCounts> => {
    return dangerZoneCounts(db, memberOf(request));
  });

  app.post("/api/admin/users/delete-inactive", { config: { api: { summary: "Delete inactive accounts", body: DangerZoneConfirmSchema } }, preHandler: requireAdmin }, async (request) => {
    const { expected } = DangerZoneConfirmSchema.parse(request.body);
    const deleted = await deleteInactiveUsers(deps, memberOf(request), expected);
    forget(deleted);
    return { changed: deleted.length };
  });

  app.post("/api/admin/users/reset-roles", { config: { api: { summary: "Reset every role to user", body: DangerZoneConfirmSchema } }, preHandler: requireAdmin }, async (request) => {
    const { expected } = DangerZoneConfirmSchema.parse(request.body);
    const demoted = await resetRoles(db, memberOf(request), expected);
    forget(demoted);
    return { changed: demoted.length };
  });

  app.post("/api/admin/users/email", { config: { api: { summary: "Bulk email to accounts (starts a send)", body: BulkEmailSchema } }, preHandler: requireAdmin }, async (request) => {
    return emailUsers(db, deps.jobs, memberOf(request).userId, BulkEmailSchema.parse(request.body));
  });

  app.get("/api/admin/audit-log", { config: { api: { summary: "The admin audit log", query: AuditLogQuerySchema } }, preHandler: requireAdmin }, async (request): Promise<AuditLogPage> => {
    return listAuditLog(db, AuditLogQuerySchema.parse(request.query));
  });

  app.get("/api/admin/stats", { config: { api: { summary: "Dashboard figures" } }, preHandler: requireAdmin }, async (): Promise<AdminStats> => {
    return adminStats(db);
  });
}
