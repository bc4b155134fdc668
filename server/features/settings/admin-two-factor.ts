import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { TwoFactorStatus } from "../../../common/contracts/settings";
import { users } from "../../auth/auth.table";
import { memberOf } from "../../auth/guards";
import type { Database } from "../../db/client";

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
 * GET /api/me/two-factor: lets the admin area send an admin without a second factor to its setup first. The gate
 * itself (REQUIRE_ADMIN_2FA) is `adminGateRefusal` in server/auth/guards.ts, on every admin power.
 */
export async function twoFactorStatusRoutes(app: FastifyInstance, { db, required }: AdminTwoFactorOptions): Promise<void> {
  const lookup = twoFactorLookup(db);
  app.get("/api/me/two-factor", { config: { api: { summary: "Whether the viewer has two-factor sign-in and must have it", access: "member" } } }, async (request, reply): Promise<TwoFactorStatus> => {
    reply.header("cache-control", "no-store");
    const viewer = memberOf(request);
    const [row] = await lookup.execute({ id: viewer.userId });
    const enabled = row?.enabled ?? false;
    const isAdmin = viewer.role === "admin";
    return { available: isAdmin, enabled, required: required && isAdmin && !enabled };
  });
}
