import { createHmac } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { BASE_ERROR_CODES, generateId } from "better-auth";
import { getIP } from "better-auth/api";
import { z } from "zod";
import { AUTH_MESSAGES, PASSWORD_MAX } from "../../common/contracts/auth";
import { SETTINGS_MESSAGES } from "../../common/contracts/settings";
import type { Database } from "../db/client";
import type { Auth } from "./auth";
import { accountKey, type LimitCheck, type LimitOutcome } from "./auth-limits";
import { CLIENT_IP_HEADER } from "./client-ip";
import { hashPassword, verifyPassword } from "./password";
import { countAuthAttempt, type SignInAccount } from "./auth-attempt";
import { startSession } from "./start-session";

/*
 * better-auth's POST /sign-in/email, answered by the server for the request every sign-in form sends:
 * `{ email, password }` as JSON from a trusted origin (docs/decisions/0009). The same checks, hash,
 * session row, cookie, answer and messages as the library's endpoint with this app's hooks (auth.ts),
 * in two statements where the library ran seven, and without its per-request machinery (endpoint
 * context, Web Request and Response, a cookie signed through Web Crypto on libuv's pool behind the
 * queued hashes), which cost more CPU than the hash itself.
 *
 * Everything else goes to better-auth untouched: other body fields (rememberMe, callbackURL), another
 * content type or origin, a cross-site navigation, an over-long password, a `dont_remember` cookie,
 * and an account with two-factor sign-in once its password is right. password-sign-in.test.ts
 * compares the answers of both paths, so a library upgrade that changes its endpoint fails there.
 */

interface PlainSignIn {
  email: string;
  password: string;
}

export interface SignInAnswer {
  status: number;
  /** JSON, as better-auth words it. */
  body: string;
  cookies: string[];
  /** The account signed in to, on success. */
  userId?: string;
}

/** The attempt's limits; with an answer unless a limit refused it or better-auth is to take it from here. */
export interface PasswordSignInOutcome extends LimitOutcome {
  answer?: SignInAnswer;
}

interface Client {
  ip: string;
  userAgent: string | undefined;
  log: (message: string) => void;
}

export interface PasswordSignIn {
  /** The body, when better-auth would take this request down the plain path this module repeats; else null. */
  plainRequest(headers: IncomingHttpHeaders, json: unknown): PlainSignIn | null;
  /** Counts the attempt (`limits`), checks the password and starts the session. */
  signIn(request: PlainSignIn, limits: LimitCheck & { account: string }, client: Client): Promise<PasswordSignInOutcome>;
}

const BODY_FIELDS = new Set(["email", "password"]);
/** better-auth checks the address with zod's own rule after our form rule (which trims first). */
const EmailSchema = z.email();

export async function createPasswordSignIn(auth: Auth, db: Database, secret: string): Promise<PasswordSignIn> {
  const context = await auth.$context;
  const sessionCookie = context.authCookies.sessionToken;
  const dontRememberCookie = context.authCookies.dontRememberToken.name;
  const trustedOrigins = new Set(context.trustedOrigins);
  const sessionSeconds = context.sessionConfig.expiresIn;

  /** better-call's signed cookie: `value.base64(hmac-sha256)`, URI-encoded, with the session cookie's attributes. */
  function sessionCookieFor(token: string): string {
    const signature = createHmac("sha256", secret).update(token).digest("base64");
    const { attributes } = sessionCookie;
    const parts = [`${sessionCookie.name}=${encodeURIComponent(`${token}.${signature}`)}`, `Max-Age=${sessionSeconds}`];
    if (attributes.path) parts.push(`Path=${attributes.path}`);
    if (attributes.httpOnly) parts.push("HttpOnly");
    if (attributes.secure) parts.push("Secure");
    if (attributes.sameSite) parts.push(`SameSite=${capitalize(attributes.sameSite)}`);
    return parts.join("; ");
  }

  function plainRequest(headers: IncomingHttpHeaders, json: unknown): PlainSignIn | null {
    if (headers["content-type"]?.split(";")[0]?.trim().toLowerCase() !== "application/json") return null;
    // better-auth's origin and form CSRF checks pass for a trusted origin unless it is a cross-site navigation.
    if (!headers.origin || !trustedOrigins.has(headers.origin)) return null;
    if (headers["sec-fetch-site"] === "cross-site" && headers["sec-fetch-mode"] === "navigate") return null;
    if (headers.cookie?.includes(`${dontRememberCookie}=`)) return null;
    if (typeof json !== "object" || json === null || !Object.keys(json).every((key) => BODY_FIELDS.has(key))) return null;
    const { email, password } = json as Partial<PlainSignIn>;
    if (typeof email !== "string" || typeof password !== "string") return null;
    if (!EmailSchema.safeParse(email).success || password.length > PASSWORD_MAX) return null;
    return { email, password };
  }

  async function signIn({ email, password }: PlainSignIn, limits: LimitCheck & { account: string }, client: Client): Promise<PasswordSignInOutcome> {
    const { account, ...limited } = await countAuthAttempt(db, limits, email.toLowerCase());
    if (limited.retryAfter !== null) return limited;
    if (!account?.hasCredential || !account.passwordHash) {
      // A hash all the same, so an unknown address takes as long as a wrong password.
      await hashPassword(password);
      client.log(account?.hasCredential ? "Password not found" : "User not found");
      return { ...limited, answer: INVALID_EMAIL_OR_PASSWORD };
    }
    if (!(await verifyPassword({ hash: account.passwordHash, password }))) {
      client.log("Invalid password");
      return { ...limited, answer: INVALID_EMAIL_OR_PASSWORD };
    }
    // better-auth checks the password once more, then asks for the second factor: only for accounts that have one.
    if (account.twoFactorEnabled) return limited;

    const createdAt = new Date();
    const token = generateId(32);
    const ipAddress = getIP(new Headers({ [CLIENT_IP_HEADER]: client.ip }), auth.options) ?? "";
    const session = { id: generateId(), token, userId: account.id, expiresAt: new Date(createdAt.getTime() + sessionSeconds * 1000), ipAddress, userAgent: client.userAgent ?? "", createdAt };
    const refusal = await startSession(db, session, limited.accountCounted ? accountKey(limits.path, limits.account) : null);
    if (refusal) {
      // The messages of the session hook in auth.ts.
      const message = refusal === "awaiting-approval" ? SETTINGS_MESSAGES.notYetActivated : AUTH_MESSAGES.accountInactive;
      return { ...limited, answer: { status: 403, body: JSON.stringify({ code: "ACCOUNT_INACTIVE", message }), cookies: [] } };
    }
    const body = JSON.stringify({ redirect: false, token, user: userOutput(account) });
    return { ...limited, answer: { status: 200, body, cookies: [sessionCookieFor(token)], userId: account.id } };
  }

  return { plainRequest, signIn };
}

const INVALID_EMAIL_OR_PASSWORD: SignInAnswer = {
  status: 401,
  body: JSON.stringify({ message: BASE_ERROR_CODES.INVALID_EMAIL_OR_PASSWORD.message, code: BASE_ERROR_CODES.INVALID_EMAIL_OR_PASSWORD.code }),
  cookies: [],
};

/** The user as better-auth answers it (its schema's fields in its order), read before this sign-in's `last_login`. */
function userOutput(account: SignInAccount) {
  const { name, email, emailVerified, image, createdAt, updatedAt, twoFactorEnabled, role, membershipTier, isActive, lastLogin, id } = account;
  return { name, email, emailVerified, image, createdAt, updatedAt, twoFactorEnabled, role, membershipTier, isActive, lastLogin, id };
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
