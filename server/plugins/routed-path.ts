import type { FastifyRequest } from "fastify";

/**
 * The route the router matched (`/api/admin/users/:id`), or undefined when nothing matched.
 *
 * Every security decision reads this, never `request.url`: the router decodes the path before it
 * matches (`/api/%61dmin/users` reaches `/api/admin/users`, so does `/%61pi/admin/users`), while a
 * prefix test on the raw URL does not, and a check that disagrees with the router can be walked around.
 */
export function matchedRoute(request: FastifyRequest): string | undefined {
  return request.routeOptions.url;
}

/** True when the request reached a route under `prefix` (for example `/api/admin/`). */
export function isRouteUnder(request: FastifyRequest, prefix: string): boolean {
  return matchedRoute(request)?.startsWith(prefix) ?? false;
}

/**
 * For a `/prefix/*` route: the rest of the path as the router matched it (decoded, `%2F` a slash),
 * re-encoded segment by segment, with the raw query string. Handing this to a library that routes
 * by itself (better-auth) makes it see exactly the path our own checks saw.
 */
export function wildcardUrl(request: FastifyRequest): { path: string; url: string } {
  const rest = (request.params as { "*"?: string })["*"] ?? "";
  const path = `/${rest}`;
  const prefix = (matchedRoute(request) ?? "/*").slice(0, -2);
  const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
  return { path, url: `${prefix}${path.split("/").map(encodeURIComponent).join("/")}${query}` };
}
