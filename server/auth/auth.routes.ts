import type { FastifyInstance } from "fastify";
import { AUTH_MESSAGES } from "../../common/contracts/auth";
import { REGISTRATION_CLOSED, SETTINGS_MESSAGES, type AwaitingApprovalResponse } from "../../common/contracts/settings";
import type { Database } from "../db/client";
import type { Env } from "../env";
import { publicUrl } from "../env";
import { wildcardUrl } from "../plugins/routed-path";
import { trackSelfRegistration } from "../features/settings/self-registration";
import { getGeneralSettings } from "../features/settings/settings.service";
import type { Auth } from "./auth";
import { createAccountResolver, type SignedInAccount } from "./auth-account";
import { sendWebResponse, toWebRequest, userIdOf } from "./auth-bridge";
import { createAuthHandler } from "./auth-handler";
import { isOpenAuthEndpoint } from "./auth-endpoints";
import { checkLimits } from "./auth-attempt";
import { accountKey, LIMITED_ENDPOINTS } from "./auth-limits";
import { rateLimitAddress } from "./client-ip";
import { createKnownDevices } from "./known-device";
import { createPasswordSignIn, type PasswordSignInOutcome } from "./password-sign-in";
import { clearRateLimit } from "./rate-limit";
import { readSignedSessionToken, type ViewerResolver } from "./viewer";

interface AuthRoutesOptions {
  env: Env;
  db: Database;
  auth: Auth;
  viewers: ViewerResolver;
  secret: string;
  sessionCookieName: string;
}

const MAX_AUTH_BODY_BYTES = 32 * 1024;

/** Endpoints after which the request's session no longer exists (turning two-factor on or off replaces it). */
const ENDS_SESSION_PATHS = new Set(["/sign-out", "/two-factor/verify-totp", "/two-factor/disable"]);

/** Endpoints that end every other session of the account: cached viewers of those sessions are forgotten at once. */
const ENDS_OTHER_SESSIONS_PATHS = new Set(["/change-password", "/revoke-other-sessions"]);

/** Answers that complete a sign-in (sign-up signs in too): the browser is remembered as a known device of that account. */
const COMPLETES_SIGN_IN_PATHS = new Set(["/sign-in/email", "/sign-up/email", "/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

/** Mounts better-auth under /api/auth in its own scope: only the endpoints in use, raw bodies, rate limits, registration settings, spec messages. */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { env, db, auth, viewers, secret, sessionCookieName } = options;
  const origin = publicUrl(env);
  const accounts = await createAccountResolver(auth, viewers, secret);
  const handleAuthRequest = await createAuthHandler(auth);
  const passwordSignIn = await createPasswordSignIn(auth, db, secret);
  const knownDevices = createKnownDevices(secret, origin.startsWith("https://"));

  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_AUTH_BODY_BYTES }, (_request, body, done) => done(null, body));

  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    async handler(request, reply) {
      // The path as the router decoded it: the limits and better-auth must both see the same one.
      const { path: subPath, url } = wildcardUrl(request);
      if (!isOpenAuthEndpoint(request.method, subPath)) {
        return reply.code(404).send({ code: "NOT_FOUND", message: "Not Found" });
      }
      const body = request.body instanceof Buffer ? request.body : undefined;
      const cookieHeader = request.headers.cookie;
      const clientIp = request.clientIp;

      const limited = request.method === "POST" ? LIMITED_ENDPOINTS[subPath] : undefined;
      let signedIn: SignedInAccount | null = null;
      let countedAccount: string | undefined;
      if (limited) {
        const json = parseJson(body);
        const parsed = limited.schema?.safeParse(json);
        if (parsed && !parsed.success) {
          const message = parsed.error.issues[0]?.message ?? AUTH_MESSAGES.modalFallback;
          return reply.code(400).send({ code: "VALIDATION_FAILED", message });
        }
        if (limited.account === "signed-in") signedIn = await accounts.signedIn(cookieHeader);
        const account = limited.account === "email" ? readEmail(json) : signedIn?.email;
        const limits = {
          path: subPath,
          address: rateLimitAddress(clientIp),
          account,
          knownAccountIds: subPath === "/sign-in/email" ? knownDevices.read(cookieHeader) : [],
          perAddress: env.AUTH_RATE_LIMIT_IP,
          perAccount: env.AUTH_RATE_LIMIT_ACCOUNT,
        };
        const plainSignIn = subPath === "/sign-in/email" ? passwordSignIn.plainRequest(request.headers, json) : null;
        const outcome: PasswordSignInOutcome =
          plainSignIn && account
            ? await passwordSignIn.signIn(plainSignIn, { ...limits, account }, { ip: clientIp, userAgent: request.headers["user-agent"], log: (message) => request.log.warn(`better-auth: ${message}`) })
            : await checkLimits(db, limits);
        if (outcome.retryAfter !== null) {
          request.log.warn({ path: subPath, ip: clientIp, account }, "auth rate limit reached");
          return reply.code(429).header("retry-after", String(outcome.retryAfter)).send({ code: "RATE_LIMITED", message: AUTH_MESSAGES.rateLimited });
        }
        if (outcome.answer) {
          const { status, body: answer, cookies, userId } = outcome.answer;
          reply.code(status).header("content-type", "application/json");
          if (userId) reply.header("set-cookie", [...cookies, knownDevices.remember(cookieHeader, userId)]);
          return reply.send(answer);
        }
        countedAccount = outcome.accountCounted ? account : undefined;
      }
      if (ENDS_OTHER_SESSIONS_PATHS.has(subPath) && !signedIn) signedIn = await accounts.signedIn(cookieHeader);

      const isSignUp = request.method === "POST" && subPath === "/sign-up/email";
      // Refused before better-auth runs, so a closed community spends no password hash on it.
      if (isSignUp && !(await getGeneralSettings(db)).allowRegistration) {
        return reply.code(403).send({ code: REGISTRATION_CLOSED, message: SETTINGS_MESSAGES.registrationClosed });
      }

      if (ENDS_SESSION_PATHS.has(subPath)) {
        const token = readSignedSessionToken(cookieHeader, sessionCookieName, secret);
        if (token) viewers.forgetToken(token);
      }

      const webRequest = toWebRequest(request, `${origin}${url}`, clientIp, body);
      // Any request may create an account (a first social sign-in too); whether it now awaits approval is tracked.
      const { result: response, awaitingApproval } = await trackSelfRegistration(() => handleAuthRequest(webRequest));
      // The account exists, inactive; the session better-auth then refused is not an error for the visitor.
      if (isSignUp && awaitingApproval) {
        const answer: AwaitingApprovalResponse = { status: "awaiting-approval", message: SETTINGS_MESSAGES.awaitingApproval };
        return reply.code(202).send(answer);
      }
      const text = await response.text();
      if (!response.ok) return sendWebResponse(reply, response, text, subPath);

      // The per-account limit counts guesses: the owner signing in successfully starts it afresh.
      if (subPath === "/sign-in/email" && countedAccount) await clearRateLimit(db, accountKey(subPath, countedAccount));
      if (ENDS_OTHER_SESSIONS_PATHS.has(subPath) && signedIn) viewers.forgetUser(signedIn.userId);
      const userId = COMPLETES_SIGN_IN_PATHS.has(subPath) ? userIdOf(text) : undefined;
      return sendWebResponse(reply, response, text, subPath, userId ? [knownDevices.remember(cookieHeader, userId)] : []);
    },
  });
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
