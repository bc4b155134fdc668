import { createAuthClient } from "better-auth/react";

/** better-auth's browser client, talking to the same origin under /api/auth. */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: "/api/auth",
});
