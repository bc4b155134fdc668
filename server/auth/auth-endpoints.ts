/*
 * Every endpoint better-auth mounts under /api/auth, and what this product does with it. The mount
 * answers 404 to anything not listed as in use or guarded, so an endpoint a library upgrade adds
 * stays closed until someone decides about it (server/auth/README.md keeps the same table, and
 * auth-endpoints.test.ts fails when the library, this list and the README disagree).
 */

/** in use: the product calls it as is; guarded: our mount or a hook adds rules first; disabled: 404. */
export type EndpointUse = "in use" | "guarded" | "disabled";

export interface AuthEndpoint {
  /** better-auth's path below /api/auth; `:name` matches one path segment. */
  path: string;
  methods: readonly ("GET" | "POST")[];
  use: EndpointUse;
}

export const AUTH_ENDPOINTS: readonly AuthEndpoint[] = [
  { path: "/sign-in/social", methods: ["POST"], use: "guarded" },
  { path: "/callback/:id", methods: ["GET", "POST"], use: "in use" },
  { path: "/get-session", methods: ["GET"], use: "in use" },
  { path: "/sign-out", methods: ["POST"], use: "in use" },
  { path: "/sign-up/email", methods: ["POST"], use: "guarded" },
  { path: "/sign-in/email", methods: ["POST"], use: "guarded" },
  { path: "/reset-password", methods: ["POST"], use: "guarded" },
  { path: "/verify-password", methods: ["POST"], use: "disabled" },
  { path: "/verify-email", methods: ["GET"], use: "disabled" },
  { path: "/send-verification-email", methods: ["POST"], use: "disabled" },
  { path: "/change-email", methods: ["POST"], use: "disabled" },
  { path: "/change-password", methods: ["POST"], use: "guarded" },
  { path: "/update-session", methods: ["POST"], use: "disabled" },
  { path: "/update-user", methods: ["POST"], use: "disabled" },
  { path: "/delete-user", methods: ["POST"], use: "disabled" },
  { path: "/request-password-reset", methods: ["POST"], use: "guarded" },
  { path: "/reset-password/:token", methods: ["GET"], use: "disabled" },
  { path: "/list-sessions", methods: ["GET"], use: "disabled" },
  { path: "/revoke-session", methods: ["POST"], use: "disabled" },
  { path: "/revoke-sessions", methods: ["POST"], use: "disabled" },
  { path: "/revoke-other-sessions", methods: ["POST"], use: "in use" },
  { path: "/link-social", methods: ["POST"], use: "disabled" },
  { path: "/list-accounts", methods: ["GET"], use: "disabled" },
  { path: "/delete-user/callback", methods: ["GET"], use: "disabled" },
  { path: "/unlink-account", methods: ["POST"], use: "disabled" },
  { path: "/refresh-token", methods: ["POST"], use: "disabled" },
  { path: "/get-access-token", methods: ["POST"], use: "disabled" },
  { path: "/account-info", methods: ["GET"], use: "disabled" },
  { path: "/two-factor/get-totp-uri", methods: ["POST"], use: "disabled" },
  { path: "/two-factor/verify-totp", methods: ["POST"], use: "guarded" },
  { path: "/two-factor/send-otp", methods: ["POST"], use: "disabled" },
  { path: "/two-factor/verify-otp", methods: ["POST"], use: "disabled" },
  { path: "/two-factor/verify-backup-code", methods: ["POST"], use: "guarded" },
  { path: "/two-factor/generate-backup-codes", methods: ["POST"], use: "disabled" },
  { path: "/two-factor/enable", methods: ["POST"], use: "guarded" },
  { path: "/two-factor/disable", methods: ["POST"], use: "guarded" },
  { path: "/ok", methods: ["GET"], use: "disabled" },
  { path: "/error", methods: ["GET"], use: "disabled" },
];

/** True when `method path` reaches an endpoint the product uses; everything else answers 404. */
export function isOpenAuthEndpoint(method: string, path: string): boolean {
  return AUTH_ENDPOINTS.some((endpoint) => endpoint.use !== "disabled" && (endpoint.methods as readonly string[]).includes(method) && matchesPath(endpoint.path, path));
}

function matchesPath(pattern: string, path: string): boolean {
  const expected = pattern.split("/");
  const actual = path.split("/");
  return expected.length === actual.length && expected.every((segment, index) => (segment.startsWith(":") ? actual[index] !== "" : segment === actual[index]));
}
