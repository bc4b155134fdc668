import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_REQUIRED, type TwoFactorStatus } from "../../../common/contracts/settings";
import { users } from "../../auth/auth.table";
import { memberOf } from "../../auth/guards";
import type { Database } from "../../db/client";
import { isRouteUnder } from "../../plugins/routed-path";

interface AdminTwoFactorOptions {
  db: Database;
  /** REQUIRE_ADMIN_2FA */
  required: boolean;
}

function twoFactorLookup(db: Database) {
  return db
    .select({ enabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("two_factor_enabled_by_user");
}

/**
 * With REQUIRE_ADMIN_2FA, every request that reaches an /api/admin/* route (however its path is spelled)
 * from an admin without a second factor answers 403 TWO_FACTOR_REQUIRED. Added to the root instance after the viewer is resolved; anonymous and
 * non-admin requests pass on to the routes' own guards (401, 403).
 */
export function registerAdminTwoFactorGate(app: FastifyInstance, { db, required }: AdminTwoFactorOptions): void {
  if (!required) return;
  const lookup = twoFactorLookup(db);
  app.addHook("onRequest", async (request, reply) => {
    if (!isRouteUnder(request, "/api/admin/")) return;
    const viewer = request.viewer;
    if (!viewer?.isActive || viewer.role !== "admin") return;
    const [row] = await lookup.execute({ id: viewer.userId });
    if (row?.enabled) return;
    return reply.code(403).send({ error: { code: TWO_FACTOR_REQUIRED, message: TWO_FACTOR_MESSAGES.required } });
  });
}

/** GET /api/me/two-factor: lets the admin area send an admin without a second factor to its setup first. */
export async function twoFactorStatusRoutes(app: FastifyInstance, { db, required }: AdminTwoFactorOptions): Promise<void> {
  const lookup = twoFactorLookup(db);
  app.get("/api/me/two-factor", async (request, reply): Promise<TwoFactorStatus> => {
    reply.header("cache-control", "no-store");
    const viewer = memberOf(request);
    const [row] = await lookup.execute({ id: viewer.userId });
    const enabled = row?.enabled ?? false;
    const isAdmin = viewer.role === "admin";
    return { available: isAdmin, enabled, required: required && isAdmin && !enabled };
  });
}
