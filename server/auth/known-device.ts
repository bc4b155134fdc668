import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * A browser that has signed in to an account before carries a signed, httpOnly cookie naming that
 * account. Sign-in failures from it do not count towards the account's limit, so a stranger who
 * guesses at an owner's email cannot lock the owner out of their usual browser. It holds no secret
 * of the account: an HMAC of the user id under the auth secret, checked here, stored nowhere.
 */

const MAX_ACCOUNTS_PER_BROWSER = 5;
const COOKIE_DAYS = 365;

export interface KnownDevices {
  cookieName: string;
  /** The account ids this request's cookie vouches for (forged or foreign entries dropped). */
  read(cookieHeader: string | undefined): string[];
  /** The Set-Cookie value that adds `userId` to the browser's known accounts, newest first. */
  remember(cookieHeader: string | undefined, userId: string): string;
}

export function createKnownDevices(secret: string, secure: boolean): KnownDevices {
  const cookieName = secure ? "__Secure-inventors.known-device" : "inventors.known-device";
  const sign = (userId: string) => createHmac("sha256", secret).update(`known-device:${userId}`).digest("base64url");

  function read(cookieHeader: string | undefined): string[] {
    const raw = readCookie(cookieHeader, cookieName);
    if (!raw) return [];
    return raw.split("~").flatMap((entry) => {
      const [userId, signature] = entry.split(".");
      if (!userId || !signature) return [];
      const given = Buffer.from(signature, "base64url");
      const expected = Buffer.from(sign(userId), "base64url");
      return given.length === expected.length && timingSafeEqual(given, expected) ? [userId] : [];
    });
  }

  return {
    cookieName,
    read,
    remember(cookieHeader, userId) {
      const known = [userId, ...read(cookieHeader).filter((id) => id !== userId)].slice(0, MAX_ACCOUNTS_PER_BROWSER);
      const value = known.map((id) => `${id}.${sign(id)}`).join("~");
      const attributes = [`Max-Age=${COOKIE_DAYS * 24 * 3600}`, "Path=/api/auth", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
      return [`${cookieName}=${value}`, ...attributes].join("; ");
    },
  };
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}
