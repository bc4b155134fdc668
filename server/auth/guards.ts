import type { FastifyRequest } from "fastify";
import { TWO_FACTOR_MESSAGES } from "../../common/contracts/settings";
import { AppError } from "../errors";
import type { Viewer } from "./viewer";

declare module "fastify" {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

const SIGN_IN_REQUIRED = "You must be logged in";
const ADMIN_REQUIRED = "You must be an admin to do this";

/** What the admin gate reads of a viewer. */
export type GateViewer = Pick<Viewer, "role" | "isActive" | "secondFactorMissing">;

/**
 * The one gate of every admin power (role, active, the second factor REQUIRE_ADMIN_2FA asks for):
 * `requireAdmin` on admin routes, `hasAdminPowers` where a members route gives admins more. A new
 * admin power goes through one of them; `server/admin-powers.test.ts` walks the route table for it.
 */
export function adminGateRefusal(viewer: GateViewer | null, notAdminMessage = ADMIN_REQUIRED): AppError | null {
  if (!viewer) return new AppError("UNAUTHENTICATED", SIGN_IN_REQUIRED);
  if (!viewer.isActive) return inactive();
  if (viewer.role !== "admin") return new AppError("FORBIDDEN", notAdminMessage);
  if (viewer.secondFactorMissing) return new AppError("TWO_FACTOR_REQUIRED", TWO_FACTOR_MESSAGES.required);
  return null;
}

/** True when the viewer passes the admin gate; an admin it holds is treated like a member. */
export const hasAdminPowers = (viewer: GateViewer | null): boolean => adminGateRefusal(viewer) === null;

/** Members pass; an admin account only through the gate, where being an admin gives more (an export naming others). */
export function passAdminsThroughGate(viewer: GateViewer): void {
  const refusal = viewer.role === "admin" ? adminGateRefusal(viewer) : null;
  if (refusal) throw refusal;
}

/** Signed-in, active members (any tier): 401 anonymous, 403 deactivated. */
export async function requireMember(request: FastifyRequest): Promise<void> {
  memberOf(request);
}

/** Admins only: 401 anonymous, 403 for anyone else, a deactivated admin, or one without a required second factor. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  adminOf(request);
}

/** The viewer of an admin request, through the admin gate; `signInMessage` and `notAdminMessage` are the feature's own texts. */
export function adminOf(request: FastifyRequest, signInMessage = SIGN_IN_REQUIRED, notAdminMessage = ADMIN_REQUIRED): Viewer {
  const viewer = memberOf(request, signInMessage);
  const refusal = adminGateRefusal(viewer, notAdminMessage);
  if (refusal) throw refusal;
  return viewer;
}

/** The viewer of a guarded request; throws the guard's errors when there is none. */
export function memberOf(request: FastifyRequest, message = SIGN_IN_REQUIRED): Viewer {
  const viewer = request.viewer;
  if (!viewer) throw new AppError("UNAUTHENTICATED", message);
  if (!viewer.isActive) throw inactive();
  return viewer;
}

const inactive = () => new AppError("ACCOUNT_INACTIVE", "This account has been deactivated. Please contact support.");
