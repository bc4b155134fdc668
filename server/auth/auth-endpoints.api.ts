import { z } from "zod";
import { ChangePasswordBodySchema, PasswordSchema, ResetRequestBodySchema, SignInBodySchema, SignUpBodySchema } from "../../common/contracts/auth";
import type { DescribedEndpoint } from "../openapi/openapi-document";

/*
 * better-auth's endpoints are mounted as one wildcard route, so they cannot describe themselves in the
 * route table: the ones AUTH_ENDPOINTS lists as in use or guarded are described here instead
 * (openapi.test.ts checks this list against AUTH_ENDPOINTS). Bodies are the product's contracts where
 * our mount checks them first, else the fields better-auth reads.
 */

const TwoFactorCodeSchema = z.object({ code: z.string().min(1).max(20), trustDevice: z.boolean().optional() });
const PasswordConfirmSchema = z.object({ password: z.string().min(1) });

/** Endpoints the product leaves undescribed, and why (every other open one is below). */
export const UNDESCRIBED_AUTH_ENDPOINTS: Record<string, string> = {
  "/callback/:id": "The address an OAuth provider sends the browser back to; nobody calls it directly.",
};

const auth = (method: "GET" | "POST", path: string, doc: DescribedEndpoint["doc"], access: DescribedEndpoint["access"] = "public"): DescribedEndpoint => ({
  method,
  path: `/api/auth${path}`,
  access,
  doc,
});

export const AUTH_API: readonly DescribedEndpoint[] = [
  auth("POST", "/sign-up/email", {
    summary: "Sign up with email and password",
    body: SignUpBodySchema,
    description: "Creates a free account and sets the session cookie. While Admin Settings require approval, answers 202 with no session: the account waits for an admin.",
    errors: { 429: "Too many attempts from this address or for this account." },
  }),
  auth("POST", "/sign-in/email", {
    summary: "Sign in with email and password",
    body: SignInBodySchema,
    description: "Sets the session cookie. An account with two-factor sign-in answers `twoFactorRedirect: true`; finish with `/two-factor/verify-totp` or `/two-factor/verify-backup-code`.",
    errors: { 429: "Too many attempts from this address or for this account." },
  }),
  auth("POST", "/sign-in/social", {
    summary: "Sign in with Google or the OpenID Connect provider",
    body: z.object({
      provider: z.string().min(1),
      callbackURL: z.string().optional(),
      idToken: z.object({ token: z.string(), nonce: z.string().optional() }).optional(),
    }),
    description: "Answers the provider's sign-in address to send the browser to; with `idToken` (provider `oidc`), signs in at once.",
  }),
  auth("POST", "/sign-out", { summary: "Sign out (ends this session)" }, "member"),
  auth("GET", "/get-session", { summary: "The current session and its user, or null" }),
  auth("POST", "/request-password-reset", {
    summary: "Mail a password reset link",
    body: ResetRequestBodySchema.extend({ redirectTo: z.string().optional() }),
    description: "Answers the same whether or not the address has an account.",
    errors: { 429: "Too many attempts from this address or for this account." },
  }),
  auth("POST", "/reset-password", {
    summary: "Set a new password with the mailed token",
    body: z.object({ token: z.string().min(1), newPassword: PasswordSchema }),
    description: "Ends every session of the account.",
  }),
  auth("POST", "/change-password", { summary: "Change the password", body: ChangePasswordBodySchema, errors: { 429: "Too many attempts." } }, "member"),
  auth("POST", "/revoke-other-sessions", { summary: "Sign out every other device" }, "member"),
  auth("POST", "/two-factor/enable", { summary: "Start two-factor setup (returns the TOTP URI and backup codes)", body: PasswordConfirmSchema }, "member"),
  auth("POST", "/two-factor/disable", { summary: "Turn two-factor sign-in off", body: PasswordConfirmSchema }, "member"),
  auth("POST", "/two-factor/verify-totp", { summary: "Confirm setup, or finish a sign-in, with an authenticator code", body: TwoFactorCodeSchema }),
  auth("POST", "/two-factor/verify-backup-code", { summary: "Finish a sign-in with a backup code", body: TwoFactorCodeSchema }),
];
