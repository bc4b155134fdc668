import type { FastifyReply, FastifyRequest } from "fastify";
import { AUTH_MESSAGES } from "../../common/contracts/auth";
import { TWO_FACTOR_MESSAGES } from "../../common/contracts/settings";
import { CLIENT_IP_HEADER } from "./client-ip";

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

/** better-auth's INVALID_PASSWORD means a wrong password only where a signed-in user confirms theirs. */
const PASSWORD_CONFIRMING_PATHS = new Set(["/two-factor/enable", "/two-factor/disable"]);

/** The Fastify request as the Web `Request` better-auth reads, with the client address in our own header. */
export function toWebRequest(request: FastifyRequest, url: string, clientIp: string, body: Buffer | undefined): Request {
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

/** Copies better-auth's answer (status, headers, every Set-Cookie, body with the spec's texts) plus `extraCookies`. */
export function sendWebResponse(reply: FastifyReply, response: Response, text: string, subPath: string, extraCookies: string[] = []): FastifyReply {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
  });
  const cookies = [...response.headers.getSetCookie(), ...extraCookies];
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (response.status >= 400 && text) return reply.send(remapError(text, subPath));
  return reply.send(text || null);
}

/** The signed-in user's id from a successful answer (`{ user: { id } }`), if it carries one. */
export function userIdOf(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { user?: { id?: unknown } } | null;
    return typeof parsed?.user?.id === "string" ? parsed.user.id : undefined;
  } catch {
    return undefined;
  }
}

function remapError(text: string, subPath: string): string {
  try {
    const parsed = JSON.parse(text) as { code?: string; message?: string };
    const isWrongPassword = parsed.code === "INVALID_PASSWORD" && PASSWORD_CONFIRMING_PATHS.has(subPath);
    // better-call writes "[body.email] …; [body.name] …": the first sentence alone reaches people.
    const validation = parsed.code === "VALIDATION_ERROR" && parsed.message ? parsed.message.split("; [")[0]?.replace(/^\[[^\]]*\]\s*/, "") : undefined;
    const message = isWrongPassword ? TWO_FACTOR_MESSAGES.invalidPassword : parsed.code ? (SPEC_MESSAGES[parsed.code] ?? validation) : undefined;
    return message ? JSON.stringify({ ...parsed, message }) : text;
  } catch {
    return text;
  }
}
