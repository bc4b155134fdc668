import type { RouteOptions } from "fastify";

export interface Endpoint {
  method: string;
  /** As declared: `/api/admin/users/:id`. */
  pattern: string;
  /** With every parameter filled in, ready to request. */
  url: string;
  route: RouteOptions;
}

/** A well-formed id that names no row, so a request gets past parameter parsing to the guard. */
export const ABSENT_ID = "00000000-0000-4000-8000-000000000000";

/** One entry per method of every registered route, HEAD left out (Fastify derives it from GET). */
export function endpointsOf(routes: readonly RouteOptions[]): Endpoint[] {
  return routes.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method])
      .filter((method) => method !== "HEAD")
      .map((method) => ({ method, pattern: route.url, url: route.url.replace(/:[A-Za-z]+/g, ABSENT_ID), route })),
  );
}

/** A Server-Sent Events route: its answer never ends, so a walk over every route that waits for answers skips it. */
export const isEventStream = (endpoint: Endpoint) => (endpoint.route.config as { eventStream?: boolean } | undefined)?.eventStream === true;

/** The route's preHandler hooks as a list, whichever form it was declared in. */
export function preHandlersOf(route: RouteOptions): unknown[] {
  const hooks = route.preHandler;
  if (!hooks) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
