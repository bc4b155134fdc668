import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from "../../common/contracts/auth";
import { AWAITING_APPROVAL, SETTINGS_MESSAGES, TWO_FACTOR_ADMINS_ONLY, TWO_FACTOR_MESSAGES } from "../../common/contracts/settings";
import type { Database } from "../db/client";
import type { Env } from "../env";
import { publicUrl } from "../env";
import { isAwaitingApprovalNow, registrationOverrides, reportAwaitingApproval } from "../features/settings/self-registration";
import { getGeneralSettings } from "../features/settings/settings.service";
import type { Mailer } from "../mail/mailer";
import { passwordResetMail } from "../mail/templates";
import { trustedOrigins } from "../plugins/trusted-origins";
import { accounts, sessions, twoFactors, users, verifications } from "./auth.table";
import { CLIENT_IP_HEADER } from "./client-ip";
import { createPasswordChangedNotice } from "./password-changed-notice";
import { hashPassword, verifyPassword } from "./password";
import { withProfileRules } from "./profile-fields";
import { isTrustedAccountCreation } from "./trusted-creation";
import { emitMemberJoined } from "../features/webhooks/webhook-sources";

export const OIDC_PROVIDER_ID = "oidc";
const SESSION_DAYS = 30;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 3600;

interface AuthDeps {
  env: Env;
  logger: Logger;
  db: Database;
  mailer: Mailer;
  secret: string;
}

/** better-auth configured for this product: profile fields, argon2id, DB sessions, reset mail, social providers, admins' second factor. */
export function createAuth({ env, logger, db, mailer, secret }: AuthDeps) {
  const baseURL = publicUrl(env);
  const notifyPasswordChanged = createPasswordChangedNotice({ db, mailer, logger, siteUrl: baseURL });
  return betterAuth({
    appName: "Inventors Community",
    baseURL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "user", input: false },
        membershipTier: { type: "string", required: false, defaultValue: "free", input: false },
        isActive: { type: "boolean", required: false, defaultValue: true, input: false },
        lastLogin: { type: "date", required: false, input: false },
      },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 3600, updateAge: SESSION_UPDATE_AGE_SECONDS, cookieCache: { enabled: false } },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const link = `${baseURL}/reset-password#type=recovery&token=${encodeURIComponent(token)}`;
        const { communityName } = await getGeneralSettings(db);
        await mailer.send({ to: user.email, ...passwordResetMail(user.name, link, communityName) });
      },
      async onPasswordReset({ user }, request) {
        await notifyPasswordChanged(user, "reset", request?.headers);
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: [] } },
    socialProviders:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
        : {},
    plugins: [
      genericOAuth({
        config:
          env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
            ? [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: env.OIDC_LABEL,
                  discoveryUrl: `${env.OIDC_ISSUER.replace(/\/+$/, "")}/.well-known/openid-configuration`,
                  clientId: env.OIDC_CLIENT_ID,
                  clientSecret: env.OIDC_CLIENT_SECRET,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ]
            : [],
      }),
      // TOTP with recovery codes; the issuer an authenticator app shows is the community name, set per request below.
      twoFactor(),
    ] as const,
    rateLimit: { enabled: false },
    // Failed OAuth callbacks (bad state, replayed code) return through the page that shows the error.
    onAPIError: { errorURL: `${baseURL}/auth/callback` },
    logger: { log: (level, message, ...args) => logger[level]({ args }, `better-auth: ${message}`) },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/social") {
          // The spec's ID-token sign-in is (provider, token, nonce): without the nonce a leaked ID token replays.
          const idToken = (ctx.body as { idToken?: { nonce?: unknown } } | undefined)?.idToken;
          if (idToken && (typeof idToken.nonce !== "string" || idToken.nonce === "")) {
            throw new APIError("UNAUTHORIZED", { code: "INVALID_TOKEN", message: "Invalid token" });
          }
        }
        if (ctx.path === "/change-password") {
          // A new password ends every other session of the account, whatever the caller asked for.
          return { context: { body: { ...(ctx.body as object | undefined), revokeOtherSessions: true } } };
        }
        if (ctx.path === "/two-factor/verify-totp" || ctx.path === "/two-factor/verify-backup-code") {
          // The product offers no "trust this device": every sign-in of a two-factor account asks for the second factor.
          return { context: { body: { ...(ctx.body as object | undefined), trustDevice: false } } };
        }
        if (ctx.path === "/two-factor/enable") {
          const session = await getSessionFromCtx(ctx);
          // Without a session the endpoint answers 401 itself.
          if (!session) return;
          if ((session.user as { role?: unknown }).role !== "admin") {
            throw new APIError("FORBIDDEN", { code: TWO_FACTOR_ADMINS_ONLY, message: TWO_FACTOR_MESSAGES.adminsOnly });
          }
          const { communityName } = await getGeneralSettings(db);
          return { context: { body: { ...(ctx.body as object | undefined), issuer: communityName } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/change-password") {
          // Only a change that went through: a refused one answers an APIError here.
          const changed = ctx.context.returned as { user?: { id: string; email: string; name: string } } | undefined;
          if (changed?.user && !(ctx.context.returned instanceof APIError)) await notifyPasswordChanged(changed.user, "change", ctx.request?.headers ?? ctx.headers);
          return;
        }
        const created = ctx.context.newSession;
        // A session that replaces the caller's own (password change, two-factor on or off) is no sign-in,
        // and the password step of a two-factor account is not one until the code is entered.
        if (!created || ctx.context.session) return;
        if (await ctx.context.getPlugin("two-factor")?.shouldRequireTwoFactor(ctx)) return;
        await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, created.user.id));
      }),
    },
    advanced: {
      // better-auth skips its origin (CSRF) check when it detects a test run; it must hold everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: baseURL.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            const overrides = await registrationOverrides(db);
            return { data: { ...withProfileRules(user), ...overrides } };
          },
          async after(user) {
            if (user.isActive === false && !isTrustedAccountCreation()) await db.update(users).set({ awaitingApproval: true }).where(eq(users.id, user.id));
            await reportAwaitingApproval({ db, mailer, logger, baseUrl: baseURL }, user);
            await emitMemberJoined(db, user.id).catch((error: unknown) => logger.error({ err: error, userId: user.id }, "could not record the member.joined webhook"));
          },
        },
        update: {
          async before(change) {
            return { data: withProfileRules(change) };
          },
        },
      },
      session: {
        create: {
          async before(session) {
            const [user] = await db.select({ isActive: users.isActive, awaitingApproval: users.awaitingApproval }).from(users).where(eq(users.id, session.userId));
            if (!user?.isActive) {
              if (isAwaitingApprovalNow()) {
                throw new APIError("FORBIDDEN", { code: AWAITING_APPROVAL, message: SETTINGS_MESSAGES.awaitingApproval });
              }
              // Only a sign-up no admin has decided on waits; an account an admin deactivated is told so, whatever the settings.
              const message = user?.awaitingApproval ? SETTINGS_MESSAGES.notYetActivated : AUTH_MESSAGES.accountInactive;
              throw new APIError("FORBIDDEN", { code: "ACCOUNT_INACTIVE", message });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Names of the social providers shown on the login modal, in display order. */
export function configuredSocialProviders(env: Env): Array<{ id: string; label: string }> {
  const providers: Array<{ id: string; label: string }> = [];
  if (env.GOOGLE_CLIENT_ID) providers.push({ id: "google", label: "Google" });
  if (env.OIDC_CLIENT_ID) providers.push({ id: OIDC_PROVIDER_ID, label: env.OIDC_LABEL });
  return providers;
}
