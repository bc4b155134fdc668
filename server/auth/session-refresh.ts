import type { IncomingHttpHeaders } from "node:http";
import { fromNodeHeaders } from "better-auth/node";
import type { Auth } from "./auth";
import { SESSION_UPDATE_AGE_SECONDS } from "./auth";
import type { Viewer } from "./viewer";

/**
 * Sessions roll forward like better-auth's own: once a day the session's expiry is pushed out and a
 * fresh cookie is sent. Our viewer hook never calls better-auth, so `/api/me` (read at every page
 * load) does it here; returns the Set-Cookie values to forward, usually none.
 */
export async function refreshSessionIfDue(auth: Auth, viewer: Viewer, headers: IncomingHttpHeaders): Promise<string[]> {
  if (Date.now() - viewer.sessionUpdatedAt.getTime() < SESSION_UPDATE_AGE_SECONDS * 1000) return [];
  const result = await auth.api.getSession({ headers: fromNodeHeaders(headers), returnHeaders: true });
  return result.headers.getSetCookie();
}
