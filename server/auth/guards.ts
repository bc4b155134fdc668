import type { FastifyRequest } from "fastify";
import { AppError } from "../errors";
import type { Viewer } from "./viewer";

declare module "fastify" {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

const SIGN_IN_REQUIRED = "You must be logged in";

/** Signed-in, active members (any tier): 401 anonymous, 403 deactivated. */
export async function requireMember(request: FastifyRequest): Promise<void> {
  memberOf(request);
}

/** Admins only: 401 anonymous, 403 for anyone else or a deactivated admin. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const viewer = memberOf(request);
  if (viewer.role !== "admin") throw new AppError("FORBIDDEN", "You must be an admin to do this");
}

/** The viewer of a guarded request; throws the guard's errors when there is none. */
export function memberOf(request: FastifyRequest, message = SIGN_IN_REQUIRED): Viewer {
  const viewer = request.viewer;
  if (!viewer) throw new AppError("UNAUTHENTICATED", message);
  if (!viewer.isActive) throw new AppError("ACCOUNT_INACTIVE", "This account has been deactivated. Please contact support.");
  return viewer;
}
