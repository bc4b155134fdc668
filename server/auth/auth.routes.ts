import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodType } from "zod";
import { AUTH_MESSAGES, ResetRequestBodySchema, SignInBodySchema, SignUpBodySchema } from "../../common/contracts/auth";
import {
  RecoveryCodeBodySchema,
  REGISTRATION_CLOSED,
  SETTINGS_MESSAGES,
  TWO_FACTOR_MESSAGES,
  TwoFactorCodeBodySchema,
  TwoFactorPasswordBodySchema,
  type AwaitingApprovalResponse,
} from "../../common/contracts/settings";
import type { Database } from "../db/client";
import type { Env } from "../env";
import { publicUrl } from "../env";
import { wildcardUrl } from "../plugins/routed-path";
import { trackSelfRegistration } from "../features/settings/self-registration";
import { getGeneralSettings } from "../features/settings/settings.service";
import type { Auth } from "./auth";
import { CLIENT_IP_HEADER, rateLimitAddress, resolveClientIp } from "./client-ip";
import { clearRateLimit, hitRateLimit } from "./rate-limit";
import { readSignedSessionToken, type ViewerResolver } from "./viewer";

interface AuthRoutesOptions {
  env: Env;
  db: Database;
  auth: Auth;
  viewers: ViewerResolver;
  secret: string;
  sessionCookieName: string;
}

/** Endpoints that guess or spend credentials: limited per client address and, where a body names one, per account. */
const LIMITED_PATHS: Record<string, { schema?: ZodType; perAccount: boolean }> = {
  "/sign-in/email": { schema: SignInBodySchema, perAccount: true },
  "/sign-up/email": { schema: SignUpBodySchema, perAccount: true },
  "/request-password-reset": { schema: ResetRequestBodySchema, perAccount: true },
  "/reset-password": { perAccount: false },
  "/sign-in/social": { perAccount: false },
  // Second factor: better-auth also caps guesses per sign-in (5) and per account (10, then a 15-minute lock).
  "/two-factor/verify-totp": { schema: TwoFactorCodeBodySchema, perAccount: false },
  "/two-factor/verify-backup-code": { schema: RecoveryCodeBodySchema, perAccount: false },
  "/two-factor/enable": { schema: TwoFactorPasswordBodySchema, perAccount: false },
  "/two-factor/disable": { schema: TwoFactorPasswordBodySchema, perAccount: false },
};

const WINDOW_IP_SECONDS = 60;
const WINDOW_ACCOUNT_SECONDS = 15 * 60;
const MAX_AUTH_BODY_BYTES = 32 * 1024;

/** Remaps better-auth's texts to the spec's where the two differ. */
const SPEC_MESSAGES: Record<string, string> = {
  USER_ALREADY_EXISTS: AUTH_MESSAGES.emailTaken,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: AUTH_MESSAGES.emailTaken,
  INVALID_CODE: TWO_FACTOR_MESSAGES.invalidCode,
  INVALID_BACKUP_CODE: TWO_FACTOR_MESSAGES.invalidRecoveryCode,
  INVALID_TWO_FACTOR_COOKIE: TWO_FACTOR_MESSAGES.challengeExpired,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: TWO_FACTOR_MESSAGES.tooManyAttempts,
  ACCOUNT_TEMPORARILY_LOCKED: TWO_FACTOR_MESSAGES.locked,
};

/** Endpoints after which the request's session no longer exists (turning two-factor on or off replaces it). */
const ENDS_SESSION_PATHS = new Set(["/sign-out", "/two-factor/verify-totp", "/two-factor/disable"]);

/** better-auth's INVALID_PASSWORD means a wrong password only where a signed-in user confirms theirs. */
const PASSWORD_CONFIRMING_PATHS = new Set(["/two-factor/enable", "/two-factor/disable"]);

/** Mounts better-auth under /api/auth in its own scope: raw bodies, rate limits, registration settings, spec messages. */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { env, db, auth, viewers, secret, sessionCookieName } = options;
  const origin = publicUrl(env);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_AUTH_BODY_BYTES }, (_request, body, done) => done(null, body));

  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    async handler(request, reply) {
      // The path as the router decoded it: the limits and better-auth must both see the same one.
      const { path: subPath, url } = wildcardUrl(request);
      const body = request.body instanceof Buffer ? request.body : undefined;
      const clientIp = resolveClientIp(request.headers, request.socket.remoteAddress, env.TRUSTED_PROXY);

      const limited = request.method === "POST" ? LIMITED_PATHS[subPath] : undefined;
      let email: string | undefined;
      if (limited) {
        const json = parseJson(body);
        if (limited.schema) {
          const parsed = limited.schema.safeParse(json);
          if (!parsed.success) {
            const message = parsed.error.issues[0]?.message ?? AUTH_MESSAGES.modalFallback;
            return reply.code(400).send({ code: "VALIDATION_FAILED", message });
          }
        }
        email = limited.perAccount ? readEmail(json) : undefined;
        const refusal = await checkLimits(db, env, subPath, rateLimitAddress(clientIp), email);
        if (refusal) {
          request.log.warn({ path: subPath, ip: clientIp, account: email }, "auth rate limit reached");
          return reply
            .code(429)
            .header("retry-after", String(refusal))
            .send({ code: "RATE_LIMITED", message: AUTH_MESSAGES.rateLimited });
        }
      }

      const isSignUp = request.method === "POST" && subPath === "/sign-up/email";
      // Refused before better-auth runs, so a closed community spends no password hash on it.
      if (isSignUp && !(await getGeneralSettings(db)).allowRegistration) {
        return reply.code(403).send({ code: REGISTRATION_CLOSED, message: SETTINGS_MESSAGES.registrationClosed });
      }

      if (ENDS_SESSION_PATHS.has(subPath)) {
        const token = readSignedSessionToken(request.headers.cookie, sessionCookieName, secret);
        if (token) viewers.forgetToken(token);
      }

      const webRequest = toWebRequest(request, `${origin}${url}`, clientIp, body);
      if (isSignUp) {
        const { result: response, awaitingApproval } = await trackSelfRegistration(() => auth.handler(webRequest));
        // The account exists, inactive; the session better-auth then refused is not an error for the visitor.
        if (awaitingApproval) {
          const answer: AwaitingApprovalResponse = { status: "awaiting-approval", message: SETTINGS_MESSAGES.awaitingApproval };
          return reply.code(202).send(answer);
        }
        return sendWebResponse(reply, response, subPath);
      }
      const response = await auth.handler(webRequest);
      // The per-account limit counts guesses: the owner signing in successfully starts it afresh.
      if (subPath === "/sign-in/email" && response.ok && email) await clearRateLimit(db, accountKey(subPath, email));
      return sendWebResponse(reply, response, subPath);
    },
  });
}

async function checkLimits(db: Database, env: Env, path: string, address: string, email: string | undefined): Promise<number | null> {
  const byAddress = await hitRateLimit(db, `ip:${path}:${address}`, env.AUTH_RATE_LIMIT_IP, WINDOW_IP_SECONDS);
  if (!byAddress.allowed) return byAddress.retryAfterSeconds;
  if (!email) return null;
  const byAccount = await hitRateLimit(db, accountKey(path, email), env.AUTH_RATE_LIMIT_ACCOUNT, WINDOW_ACCOUNT_SECONDS);
  return byAccount.allowed ? null : byAccount.retryAfterSeconds;
}

function accountKey(path: string, email: string): string {
  return `account:${path}:${email}`;
}

function parseJson(body: Buffer | undefined): unknown {
  if (!body || body.length === 0) return {};
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return {};
  }
}

function readEmail(json: unknown): string | undefined {
  if (typeof json !== "object" || json === null || !("email" in json)) return undefined;
  const email = (json as { email: unknown }).email;
  return typeof email === "string" ? email.trim().toLowerCase() : undefined;
}

function toWebRequest(request: FastifyRequest, url: string, clientIp: string, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  headers.set(CLIENT_IP_HEADER, clientIp);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && body !== undefined;
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(body) : undefined,
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response, subPath: string): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  const text = await response.text();
  if (response.status >= 400 && text) return reply.send(remapError(text, subPath));
  return reply.send(text || null);
}

function remapError(text: string, subPath: string): string {
  try {
    const parsed = JSON.parse(text) as { code?: string; message?: string };
    const isWrongPassword = parsed.code === "INVALID_PASSWORD" && PASSWORD_CONFIRMING_PATHS.has(subPath);
    const message = isWrongPassword ? TWO_FACTOR_MESSAGES.invalidPassword : parsed.code ? SPEC_MESSAGES[parsed.code] : undefined;
    return message ? JSON.stringify({ ...parsed, message }) : text;
  } catch {
    return text;
  }
}
