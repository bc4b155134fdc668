import type { RouteOptions } from "fastify";
import type { ZodType } from "zod";
import { requireAdmin, requireMember } from "../auth/guards";

/** Who may call an endpoint: anyone, a signed-in active member (session cookie), or an admin through the admin gate. */
export type ApiAccess = "public" | "member" | "admin";

/**
 * How a route describes itself in the OpenAPI document (GET /api/openapi.json). Routes carry it in
 * their options (`config: { api: { … } }`) beside the zod contract their handler parses, so the
 * document is read off the route table and openapi.test.ts fails for a route that carries none.
 */
export interface ApiDoc {
  summary: string;
  /** Longer notes for integrators: rules the schema cannot say (limits per day, idempotency, side effects). */
  description?: string;
  /** The JSON body the handler parses; two schemas when the body depends on who calls (members and admins). */
  body?: ZodType | readonly ZodType[];
  query?: ZodType;
  params?: ZodType;
  /** Needed only where the route's preHandler does not say it (a guard inside the handler). */
  access?: ApiAccess;
  /** The answer when it succeeds; `2XX` JSON when not given. */
  success?: { status: 200 | 201 | 202 | 204 | 302; description?: string; schema?: ZodType; contentType?: string };
  /** Refusals worth knowing beyond the ones every route of its kind has (400, 401, 403, 404). */
  errors?: Partial<Record<409 | 413 | 422 | 429 | 503, string>>;
}

declare module "fastify" {
  interface FastifyContextConfig {
    api?: ApiDoc;
  }
}

export const apiDocOf = (route: RouteOptions): ApiDoc | undefined => (route.config as { api?: ApiDoc } | undefined)?.api;

/** The access a route's guard gives it, else what its description says, else public. */
export function accessOf(route: RouteOptions): ApiAccess {
  const hooks = route.preHandler ? [route.preHandler].flat() : [];
  if (hooks.includes(requireAdmin)) return "admin";
  const declared = apiDocOf(route)?.access;
  if (declared) return declared;
  return hooks.includes(requireMember) ? "member" : "public";
}
